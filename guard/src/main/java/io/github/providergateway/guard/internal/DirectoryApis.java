package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The organisation's directory APIs called over HTTP (decision 99): Microsoft Graph, Google's Admin
 * SDK, Okta's and Auth0's management APIs, and the device managers (Jamf, Kandji) whose commands
 * erase or lock the company's machines. A delete, or a write to what guards every login (a policy,
 * conditional access, MFA factors, the signing keys, an administrator's role, an account's
 * lifecycle turned off), is {@code directory-api-destroys}; the other writes are left to decision
 * 93's {@code acts}.
 */
final class DirectoryApis {
  private DirectoryApis() {}

  /** The predicates by name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("directory-api-destroys", (scan, step, read) -> destroys(step));
    named.put("code-deletes-directory-entry", (scan, step, read) -> codeDeletesEntry(step));
  }

  /** The directory APIs' hosts. */
  private static final Pattern HOST =
      Pattern.compile(
          "(?i)^(?:graph\\.microsoft\\.com|admin\\.googleapis\\.com|[a-z0-9-]+\\.(?:okta|oktapreview"
              + "|okta-emea)\\.com|[a-z0-9-]+(?:\\.[a-z]{2})?\\.auth0\\.com"
              + "|[a-z0-9-]+\\.jamfcloud\\.com|[a-z0-9-]+\\.api(?:\\.eu)?\\.kandji\\.io)$");

  /** The paths whose write lowers every login's guard, makes an administrator or locks out. */
  private static final Pattern GUARDS =
      Pattern.compile(
          "(?i)polic|conditionalaccess|rolemanagement|directoryroles|/roles\\b|makeadmin"
              + "|lifecycle/(?:deactivate|suspend|reset_password|expire_password|reset_factors)"
              + "|guardian|attack-protection|keys/signing|/wipe\\b|/factors\\b|authenticationmethods"
              + "|/revokesigninsessions|erasedevice|devicelock|unmanagedevice|remote_?wipe"
              + "|/erase\\b|/lock\\b|lostmode");

  /** A body that turns an account or a guard off, or makes a super administrator. */
  private static final Pattern OFF =
      Pattern.compile(
          "(?i)\"(?:isEnabled|enabled|accountEnabled)\"\\s*:\\s*false|\"suspended\"\\s*:\\s*true"
              + "|SUPER_ADMIN|ORG_ADMIN|\"status\"\\s*:\\s*\"(?:disabled|DEACTIVATED)\"");

  private static boolean destroys(Step step) {
    List<Word> args = step.args();
    String method = null;
    boolean body = false;
    String url = null;
    boolean off = false;
    for (int i = 0; i < args.size(); i++) {
      String word = args.get(i).text();
      if (word.length() > 16 * 1024) {
        continue;
      }
      if ((word.equals("-X") || word.equals("--request")) && i + 1 < args.size()) {
        method = args.get(i + 1).text().toUpperCase(Locale.ROOT);
      } else if (word.startsWith("-X") && word.length() > 2) {
        method = word.substring(2).toUpperCase(Locale.ROOT);
      } else if (word.startsWith("--request=")) {
        method = word.substring(10).toUpperCase(Locale.ROOT);
      } else if (word.matches("-d|--data.*|-F|--form|--json")) {
        body = true;
      } else if (i == 0 && word.matches("(?i)GET|POST|PUT|PATCH|DELETE")) {
        method = word.toUpperCase(Locale.ROOT); // httpie, xh: http PATCH url
      }
      off |= PatternLiterals.finds(OFF, word);
      Matcher found = Hosts.URL.matcher(word);
      if (url == null && found.find()) {
        String host = Hosts.of(found.group());
        if (host != null && PatternLiterals.matches(HOST, host)) {
          url = found.group();
        }
      }
      body |= word.contains("=") && !word.startsWith("-") && url != null && !word.contains("://");
    }
    if (url == null) {
      return false;
    }
    if (method == null) {
      method = body ? "POST" : "GET";
    }
    if (method.equals("DELETE")) {
      return true;
    }
    boolean writes = method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
    return writes && (PatternLiterals.finds(GUARDS, url) || off);
  }

  /** An LDAP library's delete: ldap3's {@code conn.delete(dn)}, python-ldap's {@code delete_s}. */
  private static final Pattern LDAP_DELETE =
      Pattern.compile("\\.(?:delete|delete_s|delete_ext|delete_ext_s|del)\\s*\\(");

  /** The directory server code names: an LDAP URL or ldap3's {@code Server('host')}. */
  private static final Pattern LDAP_SERVER =
      Pattern.compile(
          "(?i)ldaps?://([A-Za-z0-9.\\[\\]:-]{1,200})|Server\\s*\\(\\s*['\"](?!ldaps?://)([^'\":/]{1,200})");

  /**
   * Inline code that deletes an entry of a directory not on this machine through an LDAP library
   * ({@code ldap3}, python-ldap, ldapjs, Net::LDAP).
   */
  private static boolean codeDeletesEntry(Step step) {
    if (!step.interpreter()) {
      return false;
    }
    String code = InterpreterCode.of(step);
    if (code == null
        || code.length() > 64 * 1024
        || !code.contains("ldap") && !code.contains("LDAP")) {
      return false;
    }
    if (!PatternLiterals.finds(LDAP_DELETE, code)) {
      return false;
    }
    Matcher server = LDAP_SERVER.matcher(code);
    boolean remote = false;
    while (server.find()) {
      String host = server.group(1) != null ? server.group(1) : server.group(2);
      host = host.replaceFirst(":\\d+$", "");
      if (!Hosts.loopback(host)) {
        remote = true;
      }
    }
    return remote;
  }
}
