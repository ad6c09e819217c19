package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * A URL's host read past a variable in its user part (decision 226): {@code
 * "postgresql://svc:${MED_PW}@med-db.aur.fleet.internal/med"} holds a password the guard cannot
 * read and a host it can; {@code postgres://u@$DB_HOST/db} names none it can.
 */
final class PlainHosts {
  private PlainHosts() {}

  /** A host name as written, no variable or substitution in it. */
  private static final Pattern PLAIN_HOST = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,252}");

  /**
   * Whether a URL names its host plainly.
   *
   * @param url the URL as written
   * @return whether its host holds no variable or substitution
   */
  static boolean inUrl(String url) {
    return PatternLiterals.matches(PLAIN_HOST, Environments.host(url));
  }
}
