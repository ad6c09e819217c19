package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * The call as the {@code telephony} rules read it (decision 126), once a call: the words of the
 * programs that act (a shell command's, as {@link RecordsCall} reads them: no reader, printer,
 * local file tool or test run, no dry run or sandbox), or a server's tool's name and arguments, or
 * a fetch tool's address and prompt; in lower case and bounded.
 *
 * @param text the whole call's text (a shell command's source), in lower case
 * @param acting what the acting programs say, together, in lower case
 * @param shell whether the call is a shell command's
 * @param fetch whether the call is a fetch tool's (its address is what it does)
 */
record TelephonyCall(String text, String acting, boolean shell, boolean fetch) {

  private static final TelephonyCall NOTHING = new TelephonyCall("", "", false, false);

  /** A loop over a list: a shell's, a pipeline's, inline code's. */
  private static final Pattern LOOP =
      Pattern.compile(
          "\\bwhile\\b[^\\n]{0,200}\\bread\\b|\\bfor\\s+\\w+\\s+in\\b|\\bxargs\\b|\\bparallel\\b"
              + "|\\.foreach\\s*\\(|\\bfor\\s*\\(|\\bfor\\s+\\w+\\s*,?\\s*\\w*\\s+in\\b|\\.each\\b"
              + "|\\.map\\s*\\(|\\[\\s*\\w[^\\]]{0,400}\\bfor\\s+\\w+\\s+in\\b");

  /** What says the call works on this machine or a lab: a loopback, a lab's container. */
  private static final Pattern LOCAL =
      Pattern.compile(
          "\\blocalhost\\b|127\\.0\\.0\\.1|\\[::1]|(?<![\\w-])labs?(?![\\w])|-lab\\b|\\blab-"
              + "|docker\\s+(?:compose\\s+\\S+\\s+)?(?:exec|cp)\\b|docker\\s+compose\\b"
              + "|podman\\s+(?:exec|cp)\\b");

  /** {@return the call's reading, made once a call} */
  static TelephonyCall of(Scan scan) {
    return scan.once("TelephonyCall", TelephonyCall::read);
  }

  private static TelephonyCall read(Scan scan) {
    if (scan.source() == null) {
      CallForRules call = scan.call();
      if (OutRules.WEB_TOOLS.contains(call.tool())) {
        String text =
            RecordsCall.lower(
                EditCalls.text(call.args(), "url")
                    + " "
                    + String.valueOf(EditCalls.text(call.args(), "prompt")));
        return new TelephonyCall(text, text, false, true);
      }
      RecordsCall records = RecordsCall.of(scan);
      String acting = records.real().isEmpty() ? "" : records.text();
      return records.text().isEmpty()
          ? NOTHING
          : new TelephonyCall(records.text(), acting, false, false);
    }
    RecordsCall records = RecordsCall.of(scan);
    return new TelephonyCall(records.text(), String.join("\n", records.real()), true, false);
  }

  /** Whether some program acts (or the server's tool does). */
  boolean acts() {
    return !acting.isEmpty();
  }

  /** Whether the call loops over a list. */
  boolean loops() {
    return PatternLiterals.finds(LOOP, text);
  }

  /** Whether the call says it works on this machine or a lab. */
  boolean local() {
    return PatternLiterals.finds(LOCAL, text);
  }
}
