package io.github.providergateway.guard.internal;

import java.util.Locale;

/**
 * Mail sent to people (decision 122, {@code shapes.mail-sent}): a mail program told to take its
 * recipients and sender from headers the command wrote ({@code printf 'To: …\\nFrom: …' | sendmail
 * -t}) or inline code that sends through SMTP ({@code smtplib}'s {@code send_message}, Perl's
 * {@code MIME::Lite}'s {@code ->send}, {@code nodemailer}'s {@code sendMail}). Mail leaves the
 * company at once, in its name, to whoever the headers say; a local catcher (localhost, MailHog's
 * port 1025) and nothing is sent.
 */
final class MailSends {
  private MailSends() {}

  /** What sends mail, or {@code null}. */
  static String found(Scan scan) {
    for (Step step : scan.steps()) {
      String program = step.program();
      if (ShapeObjects.MAILERS.contains(program)) {
        if (headersRead(step) && !local(scan.source())) {
          return program;
        }
        continue;
      }
      String code = step.interpreter() ? InterpreterCode.of(step) : null;
      if (code == null || code.length() > 8192 || local(code)) {
        continue;
      }
      for (String sender : ShapeObjects.MAIL_CODE) {
        int bar = sender.indexOf('|');
        if (code.contains(sender.substring(0, bar)) && code.contains(sender.substring(bar + 1))) {
          return program + " " + sender.substring(0, bar);
        }
      }
    }
    return null;
  }

  /** {@code sendmail -t}: the recipients, and the sender, are what the command wrote. */
  private static boolean headersRead(Step step) {
    for (var word : step.args()) {
      String text = word.text();
      if (text.equals("-t") || text.equals("-ti") || text.equals("-it")) {
        return true;
      }
    }
    return false;
  }

  static boolean local(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    return lower.contains("localhost")
        || lower.contains("127.0.0.1")
        || lower.contains(":1025")
        || lower.contains("mailhog")
        || lower.contains("mailpit")
        || lower.contains("mailcatcher")
        || lower.contains("--help")
        || lower.contains("-bv");
  }
}
