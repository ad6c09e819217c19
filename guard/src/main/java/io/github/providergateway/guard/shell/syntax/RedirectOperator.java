package io.github.providergateway.guard.shell.syntax;

/** A redirection's operator. */
public enum RedirectOperator {
  /** {@code >}: writes the file, emptied first. */
  OUT(">"),
  /** {@code >>}: appends to the file. */
  APPEND(">>"),
  /** {@code >|}: writes the file even with {@code noclobber}. */
  CLOBBER(">|"),
  /** {@code <}: reads the file. */
  IN("<"),
  /** {@code <>}: reads and writes the file. */
  IN_OUT("<>"),
  /** {@code >&}: output to a descriptor (or, with a file, output and errors to it). */
  DUPLICATE_OUT(">&"),
  /** {@code <&}: input from a descriptor. */
  DUPLICATE_IN("<&"),
  /** {@code &>}: output and errors to the file. */
  ALL_OUT("&>"),
  /** {@code &>>}: output and errors appended to the file. */
  ALL_APPEND("&>>"),
  /** {@code <<}: a here-document. */
  HERE_DOCUMENT("<<"),
  /** {@code <<-}: a here-document whose lines' leading tabs are taken off. */
  HERE_DOCUMENT_TABS("<<-"),
  /** {@code <<<}: a here-string, the word and a newline. */
  HERE_STRING("<<<");

  private final String text;

  RedirectOperator(String text) {
    this.text = text;
  }

  /** {@return the operator as written} */
  public String text() {
    return text;
  }

  /**
   * {@return whether a here-document's body follows on the lines after ({@code <<}, {@code <<-})}
   */
  public boolean opensHereDocument() {
    return this == HERE_DOCUMENT || this == HERE_DOCUMENT_TABS;
  }
}
