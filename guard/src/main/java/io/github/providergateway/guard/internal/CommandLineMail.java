package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Mail sent from the command line to someone (decision 179, {@code acts.mail-sent}): {@code swaks
 * --to}, {@code mutt}, {@code mail}, {@code sendmail} or {@code msmtp} given an address (or {@code
 * -t}, the message's own), through a server that is not a local catcher (MailHog, Mailpit). A
 * server's tool that sends mail ({@code mcp__gmail__send_email}) is asked as {@code
 * acts.tool-acts}; the same letter sent by a mail program was allowed: round 27's brewery sent a
 * distributor its termination notice with {@code swaks}, and a recipe to a competitor with {@code
 * mutt}.
 */
final class CommandLineMail {
  private CommandLineMail() {}

  /** The programs that send a letter. */
  private static final Set<String> MAILERS =
      NameSet.of(
          "swaks",
          "sendmail",
          "msmtp",
          "ssmtp",
          "mailx",
          "mail",
          "s-nail",
          "bsd-mailx",
          "mutt",
          "neomutt");

  /** The programs whose {@code -t} takes the recipients from the letter's own headers. */
  private static final Set<String> READS_RECIPIENTS = NameSet.of("sendmail", "msmtp", "ssmtp");

  /** The domains no letter reaches (RFC 2606, RFC 6761) and this machine's. */
  private static final Set<String> NOWHERE =
      NameSet.of("example.com", "example.org", "example.net", "localhost", "localhost.localdomain");

  /** mutt's and mail's options that take a value in the next word. */
  private static final Set<String> WITH_VALUE =
      NameSet.of(
          "-s",
          "-a",
          "-A",
          "-b",
          "-c",
          "-r",
          "-F",
          "-e",
          "-i",
          "-H",
          "-S",
          "-q",
          "-u",
          "-f",
          "-o",
          "--server",
          "--from",
          "--header",
          "--body",
          "--attach",
          "--attach-type",
          "--port",
          "--auth-user",
          "--auth-password",
          "--helo",
          "--protocol",
          "--h-Subject",
          "--add-header");

  /** Adds the predicate under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("mails-someone", (scan, step, read) -> mailsSomeone(scan, step));
    named.put("faxes-document", (scan, step, read) -> FaxSends.faxesDocument(step));
  }

  /** The most of a program's words read. */
  private static final int WORDS = 256;

  private static boolean mailsSomeone(Scan scan, Step step) {
    List<Word> args = step.args();
    List<String> texts = LiveOps.texts(args.size() > WORDS ? args.subList(0, WORDS) : args);
    return mailsSomeone(step.program(), texts)
        && !(headersRead(texts) && scan.source() != null && MailSends.local(scan.source()));
  }

  /**
   * Whether a mail program is given someone to send to, through a server that is not a catcher.
   *
   * @param program the program's name
   * @param args its words
   * @return whether it sends
   */
  static boolean mailsSomeone(String program, List<String> args) {
    if (!MAILERS.contains(program)) {
      return false;
    }
    boolean swaks = program.equals("swaks");
    boolean someone = false;
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i);
      String next = i + 1 < args.size() ? args.get(i + 1) : "";
      if (swaks && (word.equals("--server") || word.equals("-s"))) {
        if (OrgMail.LOCAL_SERVER.matcher(next).find()) {
          return false;
        }
        i++;
      } else if (swaks && (word.equals("--to") || word.equals("-t"))) {
        someone |= reaches(next);
        i++;
      } else if (swaks && word.startsWith("--to=")) {
        someone |= reaches(word.substring(5));
      } else if ((word.equals("-t") || word.equals("-ti") || word.equals("-it"))
          && READS_RECIPIENTS.contains(program)) {
        someone = true; // sendmail -t: the letter's own To
      } else if (WITH_VALUE.contains(word)) {
        i++;
      } else if (!word.startsWith("-")) {
        someone |= word.indexOf('@') > 0 && reaches(word);
      }
    }
    return someone;
  }

  /** {@code sendmail -t}: the recipients are the letter's own, which the command may show. */
  private static boolean headersRead(List<String> args) {
    return args.contains("-t") || args.contains("-ti") || args.contains("-it");
  }

  /** Whether one address (or a comma's list) reaches a mailbox that is not nowhere. */
  private static boolean reaches(String addresses) {
    for (String address : addresses.split(",", 32)) {
      String mailbox = address.replaceAll(".*<([^>]*)>.*", "$1").trim().toLowerCase(Locale.ROOT);
      int at = mailbox.lastIndexOf('@');
      if (at <= 0) {
        continue;
      }
      String domain = mailbox.substring(at + 1);
      if (!NOWHERE.contains(domain)
          && !domain.endsWith(".example.com")
          && !domain.endsWith(".example.org")
          && !domain.endsWith(".example")
          && !domain.endsWith(".test")
          && !domain.endsWith(".invalid")
          && !domain.endsWith(".localhost")) {
        return true;
      }
    }
    return false;
  }
}
