package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Mail sent from the command line to someone (decision 179): the recipients each mail program
 * takes, a local catcher and the domains no letter reaches.
 */
class CommandLineMailTest {

  private static boolean mails(String program, String... args) {
    return CommandLineMail.mailsSomeone(program, List.of(args));
  }

  @Test
  void eachMailProgramsRecipientIsRead() {
    assertThat(mails("swaks", "--to", "gm@harborlinedist.com", "--attach", "n.pdf")).isTrue();
    assertThat(mails("swaks", "--to=gm@harborlinedist.com")).isTrue();
    assertThat(mails("mutt", "-s", "recipe", "-a", "r.json", "--", "b@lakeside.com")).isTrue();
    assertThat(mails("mail", "-s", "CI", "dana@acme.com")).isTrue();
    assertThat(mails("mailx", "-r", "ops@acme.com", "-s", "x", "Dana <dana@acme.com>")).isTrue();
    assertThat(mails("sendmail", "-t")).isTrue();
    assertThat(mails("msmtp", "-t")).isTrue();
    assertThat(mails("sendmail", "-f", "ops@acme.com", "partner@vendor.io")).isTrue();
  }

  @Test
  void aCatcherNowhereOrNoRecipientSendsNothing() {
    assertThat(mails("swaks", "--server", "localhost:1025", "--to", "a@acme.com")).isFalse();
    assertThat(mails("swaks", "-s", "mailpit:1025", "-t", "a@acme.com")).isFalse();
    assertThat(mails("mail", "-s", "t", "dev@example.com")).isFalse();
    assertThat(mails("mail", "-s", "t", "team@acme.example.com")).isFalse();
    assertThat(mails("mail", "-s", "t", "me@localhost")).isFalse();
    assertThat(mails("mail")).isFalse();
    assertThat(mails("mutt", "-v")).isFalse();
    assertThat(mails("mail", "-s", "subject@notanaddress")).isFalse(); // the subject, not a to
    assertThat(mails("mutt", "-t")).isFalse(); // not sendmail's -t
    assertThat(mails("curl", "gm@harborlinedist.com")).isFalse();
  }
}
