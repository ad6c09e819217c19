package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Mass sends (decision 93, {@code acts.mass-send}): a loop ({@code while read}, {@code for … in},
 * {@code xargs}, {@code parallel}, a loop in inline code) around a sender, a credentialed write
 * ({@link ActsPredicates#write}) or a program that mails, texts or pushes.
 */
final class MassSends {
  private MassSends() {}

  /**
   * A loop ({@code while read}, {@code for … in}, {@code xargs}, {@code parallel}) around a sender:
   * a credentialed write, or a program that sends mail, texts or pushes.
   */
  static String massSend(Scan scan) {
    String source = scan.source();
    if (source == null) {
      return null;
    }
    Boolean shellLoop = null; // the text is read only once a sender is found: most have none
    for (Step step : scan.steps()) {
      ActsPredicates.Request request = ActsPredicates.write(scan, step);
      if (request == null && !sender(step)) {
        continue;
      }
      List<String> via = step.invocation().via();
      if (via.contains("$(…)") || via.contains("`…`")) {
        continue; // the loop's list, not its body
      }
      if (shellLoop == null) {
        shellLoop = shellLoop(source);
      }
      if (shellLoop || via.contains("xargs") || via.contains("parallel")) {
        return Scan.render(step.invocation()) + " in a loop"; // a loop of reveals counts too
      }
      if (request != null && !request.reads() && step.interpreter()) {
        String code = InterpreterCode.of(step);
        if (code != null && InlineActs.loops(code) && !rehearsalOnly(code)) {
          return Scan.render(step.invocation()) + " in a loop";
        }
      }
    }
    return null;
  }

  /** An address written in code: its scheme and its host. */
  private static final Pattern CODE_URL = Pattern.compile("(?i)\\bhttps?://([A-Za-z0-9_.-]+)");

  /**
   * An address taken from the environment: {@code os.environ['API_URL']}, {@code getenv(…HOST)}.
   */
  private static final Pattern ADDRESS_VARIABLE =
      Pattern.compile(
          "(?i)(?:environ|getenv|process\\.env|ENV)\\W{0,4}[A-Z0-9_]*(?:URL|URI|HOST|BASE)");

  /**
   * Whether every address the code writes is a staging's, a test's or this machine's, and none
   * comes from the environment (decision 301: a seed script posting twenty synthetic sellers to
   * {@code https://api.staging.resellr.internal}): a loop of writes there reaches no one.
   */
  static boolean rehearsalOnly(String code) {
    if (code.length() > 64 * 1024 || PatternLiterals.finds(ADDRESS_VARIABLE, code)) {
      return false;
    }
    Matcher url = CODE_URL.matcher(code);
    boolean any = false;
    while (url.find()) {
      String host = url.group(1).toLowerCase(java.util.Locale.ROOT);
      if (OtherHosts.companyDomainHost(host)
          || !Environments.localHost(host)
              && !Environments.stagingHost(host)
              && !Environments.testName(host)) {
        return false; // guardtour.mcso.local: a company's domain (decision 164)
      }
      any = true;
    }
    return any;
  }

  /**
   * Whether a command's text holds a shell loop: {@code for … in}, {@code while}/{@code until} …
   * {@code read}, each with its {@code do}; a few passes of {@code contains}, no pattern.
   */
  static boolean shellLoop(String text) {
    boolean doWord =
        text.contains("; do")
            || text.contains(";do ")
            || text.contains("\ndo")
            || text.contains(" do\n");
    return doWord
        && (text.contains("for ") && text.contains(" in ")
            || (text.contains("while ") || text.contains("until ")) && text.contains("read "));
  }

  private static final Set<String> MAIL =
      NameSet.of("mail", "mailx", "sendmail", "swaks", "mutt", "msmtp", "ssmtp");

  /** A program that sends a message to a person: mail, a text, a push, a chat post. */
  static boolean sender(Step step) {
    String program = step.program();
    if (MAIL.contains(program) || FaxSends.FAXERS.contains(program)) {
      return true; // a fax is a letter too (decision 206)
    }
    List<Word> args = step.args();
    String first = args.isEmpty() ? "" : args.get(0).text();
    String second = args.size() > 1 ? args.get(1).text() : "";
    return switch (program) {
      case "twilio" -> first.contains("messages") || first.contains("calls");
      case "aws" ->
          first.equals("sns") && second.equals("publish")
              || (first.equals("ses") || first.equals("sesv2")) && second.startsWith("send-")
              || first.equals("pinpoint") && second.startsWith("send-");
      case "gcloud" -> first.equals("pubsub") && second.equals("topics") && has(args, "publish");
      case "slack", "slack-cli" -> has(args, "send") || has(args, "chat");
      case "curl", "wget", "http", "https", "xh" -> FaxSends.toFaxService(step);
      default -> false;
    };
  }

  private static boolean has(List<Word> args, String word) {
    for (Word arg : args) {
      if (arg.text().equals(word)) {
        return true;
      }
    }
    return false;
  }
}
