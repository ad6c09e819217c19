package io.github.providergateway.guard.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A mail address read for a place (round 67): its domain says where the mailbox is ({@code
 * qa@test.acme.internal}, {@code jo@example.com}), its local part only whose it is ({@code
 * dev.helper@proton.me} is a person called a developer's helper, not a development place); an
 * address at a domain kept for examples is read whole, as before ({@code test@example.com}).
 */
final class MailDomains {
  private MailDomains() {}

  /** A mail address, alone or as an option's value ({@code --email=a.b@c.org}). */
  private static final Pattern ADDRESS =
      Pattern.compile("(?:--?[\\w-]{1,40}=)?[\\w.+-]{1,64}@([\\w-]{1,63}(?:\\.[\\w-]{1,63})+)");

  /**
   * The word read for its place: a mail address's domain, any other word as it is.
   *
   * @param text a program's word
   * @return the domain of the address it is, or the word itself
   */
  static String placeOf(String text) {
    if (text.indexOf('@') <= 0 || text.length() > 200) {
      return text;
    }
    Matcher address = ADDRESS.matcher(text);
    if (!address.matches()) {
      return text;
    }
    String domain = address.group(1).toLowerCase(java.util.Locale.ROOT);
    return EXAMPLE.matcher(domain).find() ? text : domain; // test@example.com: read whole
  }

  /** The domains kept for examples and tests (RFC 2606): no one's mailbox. */
  private static final Pattern EXAMPLE =
      Pattern.compile("(?:^|\\.)example\\.(?:com|org|net)$|\\.(?:test|example|invalid|localhost)$");
}
