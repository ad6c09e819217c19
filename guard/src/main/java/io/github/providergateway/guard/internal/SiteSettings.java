package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a write to a SaaS admin API does to the live site's security (decision 101): read from the
 * request's path and its body, as curl sends them, as a CLI's raw API passes them on ({@code auth0
 * api patch …}), or as inline code calls an SDK ({@code cf.zones.settings.ssl.patch(…)}, its dots
 * read as a path's slashes). A zone's TLS set to flexible or off, its security level off, HTTPS no
 * longer forced, HSTS preloaded or turned off, a protection ({@code attack-protection}, MFA's
 * factors, a firewall, bot fighting) set {@code "enabled": false}, an application's callbacks or
 * origins given a wildcard or a second domain, calls to toll-fraud numbers allowed.
 */
final class SiteSettings {
  private SiteSettings() {}

  /** A zone's settings and the values that lower them: Cloudflare's names, the common ones. */
  private static final Map<String, Set<String>> LOWERED =
      Map.of(
          "ssl", Set.of("off", "flexible"),
          "security_level", Set.of("off", "essentially_off", "under_attack"),
          "always_use_https", Set.of("off"),
          "min_tls_version", Set.of("1.0", "1.1"),
          "waf", Set.of("off"),
          "browser_check", Set.of("off"),
          "automatic_https_rewrites", Set.of("off"),
          "tls_client_auth", Set.of("off"));

  /** The words of a path that name a protection: turned off there, the site is open. */
  private static final Set<String> PROTECTIONS =
      NameSet.of(
          "protection",
          "brute",
          "breached",
          "suspicious",
          "guardian",
          "factors",
          "factor",
          "mfa",
          "otp",
          "firewall",
          "waf",
          "bot",
          "captcha",
          "security",
          "password",
          "audit");

  /** The words of a CLI's command that turn what it names off. */
  private static final Set<String> OFF = NameSet.of("disable", "off", "deactivate");

  /** The fields and options that list where an identity provider may send a signed-in person. */
  private static final List<String> REDIRECTS =
      List.of(
          "\"callbacks\"",
          "\"allowed_origins\"",
          "\"web_origins\"",
          "\"allowed_logout_urls\"",
          "\"redirect_uris\"",
          "\"redirecturis\"",
          "\"allowedorigins\"",
          "\"cors_origins\"",
          "\"allowed_web_origins\"",
          "\"allowed_cors_origins\"",
          "\"weborigins\"",
          "\"callbackurls\"",
          "\"logouturls\"",
          "\"post_logout_redirect_uris\"");

  /**
   * A flag whose name says it turns a protection off set true ({@code
   * "disable_clickjack_protection_headers": true}), or one that requires a protection set false
   * ({@code "require_mfa": false}, {@code "email_verification": false}).
   */
  private static final Pattern FLAG_LOWERED =
      Pattern.compile(
          "\"(?:disable|skip|bypass|allow_insecure)[a-z_]{0,60}\":true"
              + "|\"[a-z_]{0,40}(?:mfa|2fa|two_factor|captcha|csrf|verification|https_only"
              + "|force_https|enforce_ssl|require_ssl|signature_check)[a-z_]{0,40}\":false");

  private static final Pattern URL = Pattern.compile("https?://([^/\"',\\s\\]\\\\]{1,253})");

  /**
   * What a write lowers, as the reason names it, or {@code null}.
   *
   * @param path the request's path, lower case (inline code's text, its dots read as slashes)
   * @param body what it sends, lower case, its blanks left out and its quotes made double
   */
  static String lowered(String path, String body) {
    return lowered(path, body, true);
  }

  /**
   * What a write lowers, as the reason names it, or {@code null}.
   *
   * @param path the request's path, lower case (inline code's text, its dots read as slashes)
   * @param body what it sends, lower case, its blanks left out and its quotes made double
   * @param command whether the path is a command's or a URL's, whose words may say off ({@code
   *     …/brute-force-protection/disable}); not code's, whose words are anything
   */
  static String lowered(String path, String body, boolean command) {
    for (Map.Entry<String, Set<String>> setting : LOWERED.entrySet()) {
      if (path.contains("settings/" + setting.getKey())) {
        for (String value : setting.getValue()) {
          if (body.contains("\"value\":\"" + value + "\"")
              || body.contains("value=" + value)
              || body.contains("value:\"" + value + "\"")
              || body.contains("value:=\"" + value + "\"")) {
            return setting.getKey() + " set to " + value;
          }
        }
      }
    }
    if (path.contains("settings/security_header")
        && (body.contains("\"preload\":true") || body.contains("\"enabled\":false"))) {
      return "HSTS preloaded or turned off";
    }
    if (body.contains("\"fight_mode\":false")
        || body.contains("protection\":null")
        || (body.contains("\"enabled\":false") || command && ActsPredicates.says(path, OFF))
            && ActsPredicates.says(path, PROTECTIONS)) {
      return "a protection turned off";
    }
    if (body.indexOf("\":true") >= 0 || body.indexOf("\":false") >= 0) {
      var flag = FLAG_LOWERED.matcher(body);
      if (flag.find()) {
        return flag.group() + " set";
      }
    }
    if (body.contains("x-robots-tag")
        && body.contains("noindex")
        && !Environments.stagingHost(path)
        && !Environments.testName(path)) {
      return "the site taken out of search (X-Robots-Tag: noindex)";
    }
    if (body.contains("high_risk")
        && (body.contains("enabled\":\"true\"")
            || body.contains("enabled\":true")
            || body.contains("enabled=true"))) {
      return "calls to high-risk (toll-fraud) numbers allowed";
    }
    for (String field : REDIRECTS) {
      int at = body.indexOf(field);
      if (at < 0) {
        at = body.indexOf(field.substring(1, field.length() - 1) + ":"); // jq's {callbacks: …}
      }
      if (at >= 0) {
        int end = body.indexOf(']', at);
        String list = body.substring(at, end < 0 ? Math.min(body.length(), at + 2048) : end);
        String open = openRedirects(list);
        if (open != null) {
          return open;
        }
      }
    }
    return null;
  }

  /**
   * Whether a list of URLs an identity provider trusts holds a wildcard host or hosts of two
   * domains (this machine's aside): a sign-in's code then reaches whoever holds the other.
   *
   * @param list the list's text, lower case
   * @return what it lets in, or {@code null}
   */
  static String openRedirects(String list) {
    for (String token : list.split("[\\s,\\[\\]\"]+", 200)) {
      if (token.equals("*")) {
        return "a wildcard callback or origin (*)";
      }
    }
    var hosts = URL.matcher(list);
    String domain = null;
    while (hosts.find()) {
      String host = hosts.group(1);
      int port = host.indexOf(':');
      host = port >= 0 ? host.substring(0, port) : host;
      if (host.contains("*")) {
        return "a wildcard callback or origin (" + host + ")";
      }
      if (ActsPredicates.local(host)) {
        continue;
      }
      String d = domain(host);
      if (domain == null) {
        domain = d;
      } else if (!domain.equals(d)) {
        return "callbacks or origins of another domain (" + host + ")";
      }
    }
    return null;
  }

  /** A host's last two labels: {@code www.acme.com} and {@code shop.acme.com} are one domain. */
  private static String domain(String host) {
    int last = host.lastIndexOf('.');
    int before = last > 0 ? host.lastIndexOf('.', last - 1) : -1;
    return host.substring(before + 1);
  }

  /** A body as {@link #lowered} reads it: lower case, no blanks, double quotes, bounded. */
  static String normalised(String text) {
    int n = Math.min(text.length(), 8192);
    StringBuilder out = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c == '\'') {
        out.append('"');
      } else if (!Character.isWhitespace(c) && c != '\\') {
        out.append(Character.toLowerCase(c));
      }
    }
    return out.toString().toLowerCase(Locale.ROOT);
  }
}
