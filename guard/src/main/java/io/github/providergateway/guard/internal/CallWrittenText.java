package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.List;

/**
 * Text the call itself shows and hands to a program as a file or on a pipe (decision 185): {@code
 * printf 'put x.csv\n' > /tmp/b.txt && sftp -b /tmp/b.txt …}, {@code echo 'put x.csv' | sftp -b -
 * …}, a here-document's {@code cat}. What another program prints is not shown, and is {@code null}
 * here.
 */
final class CallWrittenText {
  private CallWrittenText() {}

  /**
   * {@return the text a step of the call that shows its text writes to {@code file}, or null}
   *
   * @param scan the call
   * @param file the file, as the call names it
   */
  static String writtenTo(Scan scan, String file) {
    for (Step step : scan.steps()) {
      for (Redirect redirect : step.invocation().redirects()) {
        if (redirect.operator().startsWith(">")
            && redirect.target() != null
            && redirect.target().text().equals(file)) {
          return shown(step);
        }
      }
    }
    return null;
  }

  /**
   * {@return the text the step before {@code step} on its pipe shows, or null}
   *
   * @param scan the call
   * @param step the program fed
   */
  static String piped(Scan scan, Step step) {
    String source = scan.source();
    List<Step> steps = scan.steps();
    int at = steps.indexOf(step);
    return source == null || source.indexOf('|') < 0 || at <= 0 ? null : shown(steps.get(at - 1));
  }

  /** The text an {@code echo}, a {@code printf} or a here-document's {@code cat} prints. */
  private static String shown(Step step) {
    if (!PipedStatements.shows(step)) {
      return null;
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null) {
        return redirect.body();
      }
    }
    StringBuilder text = new StringBuilder();
    for (Word word : step.args()) {
      text.append(word.text().replace("\\n", "\n")).append(' ');
    }
    return text.toString();
  }
}
