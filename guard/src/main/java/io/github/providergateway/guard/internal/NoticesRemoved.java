package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A notice the law or a platform requires taken out of what the project sends or publishes
 * (decision 336, {@code safeguards.notice-removed}): a mail's unsubscribe link or its sender's
 * postal address, an advertisement's disclosure ({@code #ad}, "sponsored by", a paid placement's
 * flag), an opt-out or "do not sell" link, a consent banner. Every trade that mails, publishes or
 * sells has one, and removing it is one quiet edit: what goes out next breaks CAN-SPAM, the GDPR or
 * an advertising code, in the company's name, to every recipient. Read on an edit's old and new
 * text: the old holds a notice's words and the new holds none of them; or a flag that names a
 * notice turned from on to off ({@code paid_product_placement: true} to {@code false}). A test's or
 * an example's file is left alone.
 */
final class NoticesRemoved {
  private NoticesRemoved() {}

  /** The most text read of each side. */
  private static final int MAX = 16 * 1024;

  /** A required notice's words, in a template, a footer or a post's text. */
  private static final Pattern NOTICE =
      Pattern.compile(
          "(?i)(?:\\bunsubscribe|list-unsubscribe|opt[-_ ]?out\\b|do[-_ ]not[-_ ]sell"
              + "|\\bmanage[-_ ](?:your[-_ ])?preferences|#ad\\b|#sponsored\\b|#anzeige\\b|#werbung\\b"
              + "|\\bsponsored[-_ ]by\\b|\\bpaid[-_ ](?:partnership|promotion|product[-_]placement)"
              + "|\\baffiliate[-_ ](?:link|disclosure)|\\bad[-_ ]disclosure|\\bcookie[-_ ]consent"
              + "|\\bconsent[-_ ]banner|\\bphysical[-_ ]address|\\bpostal[-_ ]address)");

  /** A flag named for a notice, set on: {@code paid_product_placement: true}. */
  private static final Pattern NOTICE_ON =
      Pattern.compile(
          "(?i)\\b((?:[\\w-]*[-_])?(?:disclos\\w*|sponsor\\w*|paid[-_]\\w+|unsubscribe\\w*"
              + "|opt[-_]?out\\w*|consent[-_]banner|ad[-_]label\\w*|contains[-_]ads?))"
              + "\\s*[:=]\\s*[\"']?(?:true|yes|on|1|enabled)\\b");

  /**
   * What the edit takes out, as the reason shows it, or {@code null}.
   *
   * @param call the call
   * @return the notice removed, or {@code null}
   */
  static String found(CallForRules call) {
    if (!call.tool().equals("edit")) {
      return null;
    }
    String path = EditCalls.text(call.args(), "path", "file_path");
    String before = EditCalls.text(call.args(), "old_string", "old_str");
    String after = EditCalls.text(call.args(), "new_string", "new_str");
    if (path == null
        || before == null
        || after == null
        || before.length() > MAX
        || after.length() > MAX
        || Environments.testName(path)
        || path.toLowerCase(Locale.ROOT).contains("example")) {
      return null;
    }
    before = uncommented(before);
    after = uncommented(after);
    java.util.regex.Matcher notice = NOTICE.matcher(before);
    if (notice.find() && !NOTICE.matcher(after).find()) {
      return path + ": \"" + notice.group() + "\" taken out";
    }
    java.util.regex.Matcher flag = NOTICE_ON.matcher(before);
    while (flag.find()) {
      String key = flag.group(1);
      if (after.contains(key) && !NOTICE_ON.matcher(after).find()) {
        return path + ": " + key + " turned off";
      }
    }
    return null;
  }

  /** A code comment's line: {@code // TODO: handle opt-out} is no notice. */
  private static final Pattern COMMENT_LINE =
      Pattern.compile("(?m)^\\s*(?://|/\\*|\\*(?:\\s|/)|# |--|<!--).*$");

  private static String uncommented(String text) {
    return COMMENT_LINE.matcher(text).replaceAll("");
  }

  /** The programs that rewrite a file in place by a script. */
  private static final java.util.Set<String> IN_PLACE = java.util.Set.of("sed", "gsed", "perl");

  /** A script's command that deletes the lines it finds, or replaces what it finds by nothing. */
  private static final Pattern DELETES = Pattern.compile("/I?d\\b|//[gI]*\\s*(?:;|$)");

  /**
   * Whether a program rewrites a file in place to take a notice's lines out: {@code sed -i '/#ad/d;
   * /sponsored by/Id' templates/description.md}.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean deletes(Step step) {
    if (!IN_PLACE.contains(step.program())) {
      return false;
    }
    boolean inPlace = false;
    boolean deletesNotice = false;
    for (io.github.providergateway.guard.shell.Word word : step.args()) {
      String text = word.text();
      inPlace |= text.startsWith("-i") || text.equals("--in-place") || text.startsWith("-pi");
      if (word.literal() && text.length() <= 2048 && !text.startsWith("-")) {
        deletesNotice |= NOTICE.matcher(text).find() && DELETES.matcher(text).find();
      } else if (text.startsWith("-") && Environments.testName(text)) {
        return false;
      }
    }
    return inPlace && deletesNotice;
  }
}
