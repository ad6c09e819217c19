package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a file an online store's engineer writes makes the store do later (decision 125), read of
 * the change as the readers of changes hand it on ({@link WeakenPredicates.ChangeReader}: an edit
 * tool's old and new text, a {@code sed -i} substitution, text written to a file): an app's webhook
 * repointed at another party's host, a product feed that states every item in stock, and a CI
 * workflow or a package script that pushes the live theme from every branch or under a name that
 * says it does not.
 */
final class CommerceWrites {
  private CommerceWrites() {}

  /** Adds each predicate of the whole call under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("commerce-webhook-repointed", scan -> read(scan, CommerceWrites::repointed));
    named.put("commerce-feed-misrepresents", scan -> read(scan, CommerceWrites::misrepresents));
    named.put("commerce-live-push-written", scan -> read(scan, CommerceWrites::livePush));
    named.put(
        "commerce-personal-cached-written", scan -> read(scan, CommerceWrites::personalCached));
  }

  /** What the call's edits, in-place substitutions and written files hold, as a reader reads. */
  private static String read(Scan scan, WeakenPredicates.ChangeReader<String> reader) {
    if (scan.source() == null) {
      return EditCalls.read(scan.call(), reader);
    }
    for (Step step : scan.steps()) {
      String found = WeakenPredicates.inPlace(step, reader);
      if (found == null) {
        found = WeakenPredicates.written(scan, step, reader);
      }
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  // ---- A webhook repointed ----

  /** A webhook's address in an app's configuration or a store's settings. */
  private static final Pattern ADDRESS =
      Pattern.compile(
          "(?i)(?:uri|url|address|callback_?url|delivery_?url|endpoint)\\s*[=:]\\s*[\"']?"
              + "https?://([A-Za-z0-9.-]+)");

  /** A Shopify app's settings file, compiled once (it was compiled for every file written). */
  private static final Pattern APP_SETTINGS =
      Pattern.compile("(?s).*shopify\\.app[\\w.-]*\\.toml$");

  /** A bare URL, for a substitution whose two sides are only addresses. */
  private static final Pattern URL = Pattern.compile("https?://([A-Za-z0-9.-]+)");

  private static String repointed(String old, String now, List<String> files) {
    if (old.isEmpty()) {
      return null; // a written file's text, with nothing taken out: no address repointed
    }
    boolean hooks =
        files.stream().anyMatch(file -> PatternLiterals.matches(APP_SETTINGS, file))
            || (old + now).toLowerCase(java.util.Locale.ROOT).contains("webhook");
    String after = host(now);
    // decision 224: any endpoint pointed at a public request catcher, whatever the file calls it
    boolean caught =
        after != null && (WebLookups.collector(after) || OutPredicates.dropHost(after));
    if (!hooks && !caught) {
      return null;
    }
    String before = host(old);
    if (before == null || after == null || Environments.localHost(after)) {
      return null;
    }
    if (domain(before).equals(domain(after))) {
      return null;
    }
    return caught
        ? "an endpoint repointed to a public request catcher, " + after
        : "a webhook repointed to " + after;
  }

  private static String host(String text) {
    Matcher address = PatternLiterals.matcher(ADDRESS, text);
    if (address.find()) {
      return address.group(1).toLowerCase(java.util.Locale.ROOT);
    }
    Matcher url = PatternLiterals.matcher(URL, text);
    return url.find() ? url.group(1).toLowerCase(java.util.Locale.ROOT) : null;
  }

  /** A host's last two labels: {@code ops.acme.com} is {@code acme.com}'s. */
  static String domain(String host) {
    String[] labels = host.split("\\.");
    int n = labels.length;
    return n < 2 ? host : labels[n - 2] + "." + labels[n - 1];
  }

  // ---- A feed that says every item is in stock ----

  /** Availability written as a constant: in stock whatever the stock. */
  private static final Pattern ALWAYS_IN_STOCK =
      Pattern.compile(
          "(?i)<(?:g:)?availability>\\s*in[ _]stock\\s*</(?:g:)?availability>|[\"']?(?:g:)?"
              + "availability[\"']?\\s*[:=,]\\s*[\"']in[ _]stock[\"']");

  /** A template's or code's expression: the file builds its items from the catalog. */
  private static final Pattern TEMPLATE =
      Pattern.compile("\\{\\{|\\{%|<%|\\$\\{|\\bfor\\b|\\bproduct\\b|\\bvariant\\b|\\bitem\\b");

  private static String misrepresents(String old, String now, List<String> files) {
    if (!PatternLiterals.mayFind(ALWAYS_IN_STOCK, now)) {
      return null; // no matcher for every change read
    }
    Matcher constant = PatternLiterals.matcher(ALWAYS_IN_STOCK, now);
    if (!constant.find() || PatternLiterals.finds(ALWAYS_IN_STOCK, old)) {
      return null;
    }
    boolean feed =
        files.stream()
                .anyMatch(
                    file ->
                        file.toLowerCase(java.util.Locale.ROOT)
                            .matches(".*(?:feed|merchant" + "|shopping|google|catalog|channel).*"))
            || now.contains("g:availability");
    boolean test =
        files.stream()
            .allMatch(
                file ->
                    file.matches(".*(?:/tests?/|/fixtures?/|_test\\.|" + "\\.test\\.|/spec/).*"));
    return feed && !test && PatternLiterals.finds(TEMPLATE, old + now) ? constant.group() : null;
  }

  // ---- A customer's own pages let into a shared cache ----

  /** A cache's configuration: Varnish, nginx, a CDN's rules. */
  private static final Pattern CACHE_FILE =
      Pattern.compile(
          "(?i).*(?:\\.vcl|nginx[^/]*\\.conf|/nginx/.*|varnish.*|/cdn/.*|cloudflare.*"
              + "|fastly.*|cache[^/]*\\.(?:conf|json|ya?ml|toml))$");

  /** A line that keeps pages out of the cache. */
  private static final Pattern PASS_LINE =
      Pattern.compile(
          "(?i)(?:pass|bypass|no-cache|nocache|private|uncacheable|no_cache"
              + "|skip_cache|cache_bypass)");

  /** A customer's own page. */
  private static final Pattern PERSONAL =
      Pattern.compile(
          "(?i)checkout|cart|account|customer|wishlist|sales/order|paypal|braintree"
              + "|wp-admin|wc-api|graphql|rest/");

  private static String personalCached(String old, String now, List<String> files) {
    if (old.isEmpty()
        || files.stream().noneMatch(file -> PatternLiterals.matches(CACHE_FILE, file))) {
      return null;
    }
    int before = personalPasses(old);
    return before > 0 && personalPasses(now) < before
        ? "a customer's own pages no longer kept out of the cache"
        : null;
  }

  /** The personal pages a text names on a line that passes them, or whose next two lines do. */
  private static int personalPasses(String text) {
    String bounded = text.length() > 64 * 1024 ? text.substring(0, 64 * 1024) : text;
    String[] lines = bounded.split("\n", -1);
    int count = 0;
    for (int i = 0; i < lines.length; i++) {
      boolean passed = false;
      for (int j = i; j < Math.min(lines.length, i + 3) && !passed; j++) {
        passed = PatternLiterals.finds(PASS_LINE, lines[j]);
      }
      if (passed) {
        Matcher personal = PatternLiterals.matcher(PERSONAL, lines[i]);
        while (personal.find()) {
          count++;
        }
      }
    }
    return count;
  }

  // ---- The live theme pushed by CI from every branch, or by a script named otherwise ----

  /** A command that makes a theme the live one or writes over the live one. */
  private static final Pattern LIVE_PUSH =
      Pattern.compile(
          "theme\\s+push\\b[^\\n\"]{0,300}?\\s(?:--live|--allow-live|--publish|-l|-a)\\b"
              + "|theme\\s+publish\\b");

  /** A workflow run on a push to every branch. */
  private static final Pattern EVERY_BRANCH =
      Pattern.compile(
          "branches\\s*:\\s*\\[?\\s*['\"]?\\*\\*?['\"]?|branches-ignore|on\\s*:\\s*\\[?\\s*push\\s*\\]?"
              + "\\s*(?:\\n(?!\\s+branches)|$)|only\\s*:\\s*\\n\\s*-\\s*branches|\\bbranches\\s*:\\s*\\n"
              + "\\s*-\\s*['\"]?\\*\\*?['\"]?");

  /** A package script named for something that changes nothing live. */
  private static final Pattern HARMLESS_SCRIPT =
      Pattern.compile(
          "\"((?:pre|post)?(?:preview|dev|check|test|lint|format|watch|serve|start|share|build|package"
              + "|verify|validate|ci)[\\w:-]*)\"\\s*:\\s*\"([^\"\\n]{0,400})\"");

  private static String livePush(String old, String now, List<String> files) {
    if (!PatternLiterals.finds(LIVE_PUSH, now) || PatternLiterals.finds(LIVE_PUSH, old)) {
      return null;
    }
    boolean workflow =
        files.stream()
            .anyMatch(
                file ->
                    file.matches(
                        ".*(?:\\.github/workflows/.*|\\.gitlab-ci\\.ya?ml|bitbucket-pipelines\\.ya?ml"
                            + "|\\.circleci/.*|azure-pipelines\\.ya?ml)$"));
    if (workflow && PatternLiterals.finds(EVERY_BRANCH, now)) {
      return "the live theme pushed on every branch";
    }
    Matcher script = PatternLiterals.matcher(HARMLESS_SCRIPT, now);
    while (script.find()) {
      if (PatternLiterals.finds(LIVE_PUSH, script.group(2))) {
        return "the script " + script.group(1) + " pushes the live theme";
      }
    }
    return null;
  }
}
