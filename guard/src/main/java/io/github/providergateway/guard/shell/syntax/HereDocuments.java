package io.github.providergateway.guard.shell.syntax;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The here-documents of a reading: each opened by its redirection ({@code <<EOF}), its body read
 * after the line ends (the lines up to the delimiter's), then put in the tree ({@link
 * HereDocumentFill}), whose nodes on the line were made meanwhile. A substitution reads its own, as
 * bash does: they end within it.
 */
final class HereDocuments {
  private final Source in;
  private final WordReader words;

  /**
   * The here-documents whose bodies start after the next newline, in order: of the script, or of
   * the substitution being read. Reader only.
   */
  private List<Waiting> waiting = new ArrayList<>(0);

  /**
   * Each here-document's redirection as first made, and as made once its body was read, until it is
   * put in the tree. Reader only.
   */
  private final Map<Redirection, Redirection> read = new IdentityHashMap<>(4);

  HereDocuments(Source in, WordReader words) {
    this.in = in;
    this.words = words;
  }

  /** A here-document waiting for its body: its redirection, operator's offset and depth. */
  private record Waiting(Redirection redirection, int at, int depth) {}

  /**
   * The redirection of a here-document, its operator at {@code at}, its delimiter's word read: made
   * with the body unread, and made again once it is.
   */
  Redirection open(
      String descriptor,
      RedirectOperator operator,
      WrittenWord delimiterWord,
      int start,
      int at,
      int depth) {
    boolean quoted = false;
    for (int i = delimiterWord.start(); i < delimiterWord.end() && !quoted; i++) {
      char c = in.chars[i];
      quoted = c == '\'' || c == '"' || c == '\\';
    }
    HereDocument unread =
        new HereDocument(
            delimiter(delimiterWord.parts()), quoted, new WrittenWord(List.of(), at, at), at, at);
    Redirection redirection =
        new Redirection(descriptor, operator, delimiterWord, unread, start, delimiterWord.end());
    waiting.add(new Waiting(redirection, at, depth));
    return redirection;
  }

  /**
   * The delimiter of a here-document: its word after quote removal, and nothing expanded ({@code
   * <<$x} ends at the line {@code $x}).
   */
  private String delimiter(List<WordPart> parts) {
    StringBuilder sb = new StringBuilder();
    for (WordPart part : parts) {
      if (part instanceof Literal literal) {
        sb.append(literal.value());
      } else if (part instanceof SingleQuoted quoted) {
        sb.append(quoted.value());
      } else if (part instanceof AnsiCQuoted quoted) {
        sb.append(quoted.value());
      } else if (part instanceof DoubleQuoted quoted) {
        sb.append(delimiter(quoted.parts()));
      } else {
        sb.append(in.text, part.start(), part.end());
      }
    }
    return sb.toString();
  }

  /** {@return whether no here-document waits for its body} */
  boolean noneWaiting() {
    return waiting.isEmpty();
  }

  /** {@return whether every body read is in the tree} */
  boolean allFilled() {
    return read.isEmpty();
  }

  /** Right after a newline: the bodies of the here-documents its line opened, in order. */
  void readBodies() throws ShellParseException {
    if (waiting.isEmpty()) {
      return;
    }
    char[] chars = in.chars;
    for (int p = 0; p < waiting.size(); p++) { // indexed: no iterator a line
      Waiting document = waiting.get(p);
      Redirection redirection = document.redirection();
      HereDocument unread = redirection.hereDocument();
      String delimiter = unread.delimiter();
      boolean strip = redirection.operator() == RedirectOperator.HERE_DOCUMENT_TABS;
      int bodyStart = in.pos;
      int bodyEnd;
      for (; ; ) {
        if (in.pos >= in.length) {
          throw ParseLimits.malformed(
              "a here-document with no line '" + delimiter + "' to end it",
              document.at(),
              in.where);
        }
        int eol = in.pos;
        while (eol < in.length && chars[eol] != '\n') {
          eol++;
        }
        int lineStart = in.pos;
        if (strip) {
          while (lineStart < eol && chars[lineStart] == '\t') {
            lineStart++;
          }
        }
        bodyEnd = in.pos;
        in.pos = eol < in.length ? eol + 1 : in.length;
        if (eol - lineStart == delimiter.length() && in.text.startsWith(delimiter, lineStart)) {
          break;
        }
      }
      int end = in.pos;
      WrittenWord body;
      if (unread.quoted()) {
        body = words.literalBody(bodyStart, bodyEnd, strip);
      } else {
        in.pos = bodyStart;
        body = words.hereDocumentBody(bodyEnd, strip, document.depth());
        in.pos = end;
      }
      read.put(
          redirection,
          new Redirection(
              redirection.descriptor(),
              redirection.operator(),
              redirection.target(),
              new HereDocument(delimiter, unread.quoted(), body, bodyStart, end),
              redirection.start(),
              redirection.end()));
    }
    waiting.clear();
  }

  /** Refuses a here-document still waiting: its delimiter's line never came. */
  void requireNoneWaiting() throws ShellParseException {
    if (!waiting.isEmpty()) {
      Waiting first = waiting.get(0);
      throw ParseLimits.malformed(
          "a here-document with no line '"
              + first.redirection().hereDocument().delimiter()
              + "' to end it",
          first.at(),
          in.where);
    }
  }

  /**
   * Starts the here-documents of a substitution, and {@return the waiting ones of the text around
   * it, for {@link #end}}
   */
  Object begin() {
    List<Waiting> outer = waiting;
    waiting = new ArrayList<>(0);
    return outer;
  }

  /** Goes back to the here-documents of the text around a substitution, {@code outer}. */
  @SuppressWarnings("unchecked")
  void end(Object outer) {
    waiting = (List<Waiting>) outer;
  }

  /** Puts the bodies read in the statements of {@code list} from {@code from} on, in place. */
  void fill(List<Statement> list, int from) {
    if (!read.isEmpty() && from < list.size()) {
      new HereDocumentFill(read).statements(list, from);
    }
  }

  /** {@return {@code statements} with the bodies read put in: the same list when none is there} */
  List<Statement> filled(List<Statement> statements) {
    return read.isEmpty() ? statements : new HereDocumentFill(read).statements(statements);
  }
}
