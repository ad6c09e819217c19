package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Inline code that acts with the person's credentials (decision 93): an HTTP library's write
 * ({@code requests.post}, {@code httpx.delete}, {@code fetch(…, {method: 'PUT'})}, {@code
 * axios.patch}, {@code urllib.request.Request(…, method=…)}) to a URL not of this machine with a
 * credential beside it; and a service's SDK ({@code stripe}, {@code firebase-admin}, {@code wandb},
 * {@code mlflow}, {@code huggingface_hub}, {@code boto3}, {@code twilio}, {@code slack_sdk}, …)
 * called with a verb that loses, spends or reaches people. Read in lower case, over the code's
 * first 16 KiB.
 */
final class InlineActs {
  private InlineActs() {}

  private static final int BOUND = 16 * 1024;

  /**
   * An HTTP library's writing call, its method as the group; the library by its name or required in
   * place, {@code require('axios').patch(…)} (decision 286).
   */
  private static final Pattern WRITE_CALL =
      Pattern.compile(
          "(?:\\b(?:requests|httpx|session|s|client|axios|http|got|ky|faraday|httparty|net::http"
              + "|superagent|needle)|\\brequire\\(\\s*['\"](?:axios|got|superagent|needle)['\"]\\s*\\))"
              + "\\.(post|put|patch|delete|request)\\s*\\(");

  /** Ruby's request classes: {@code Net::HTTP::Delete.new(uri)} (decision 179). */
  private static final Pattern RUBY_REQUEST =
      Pattern.compile("net::http::(post|put|patch|delete)\\.new\\b");

  private static final Pattern FETCH_METHOD =
      Pattern.compile("method\\s*[:=]\\s*['\"](post|put|patch|delete)['\"]");

  /** Where code hands a request a credential: its headers, an auth argument. */
  private static final List<String> AUTHORISING =
      List.of("authorization", "headers", "auth=", "auth:", "auth(", "bearer", "x-api-key");

  /** What a credential handed so is called. */
  private static final List<String> CREDENTIAL =
      List.of("token", "key", "secret", "password", "bearer", "authorization");

  /** Imports of services' SDKs, which act with the person's credentials from the environment. */
  private static final List<String> SDKS =
      List.of(
          "stripe",
          "firebase_admin",
          "firebase-admin",
          "wandb",
          "mlflow",
          "huggingface_hub",
          "boto3",
          "google.cloud",
          "@google-cloud",
          "twilio",
          "slack_sdk",
          "@slack/web-api",
          "sendgrid",
          "okta",
          "sentry",
          "shopify",
          "octokit",
          "kubernetes",
          "databricks");

  /** An SDK's method whose name says it loses, spends or reaches people. */
  private static final Pattern SDK_VERB =
      Pattern.compile(
          "\\.(?:delete|remove|destroy|purge|cancel|revoke|deactivate|disable|suspend|terminate"
              + "|refund|purchase|transfer|payout|deleteusers|delete_[a-z_]+|purchase_[a-z_]+"
              + "|terminate_[a-z_]+|cancel_[a-z_]+|revoke_[a-z_]+|disable_[a-z_]+"
              + "|delete[a-z]+|sendmulticast|sendall|sendeach[a-z]*)\\s*\\("
              + "|\\.(?:refunds|payouts|transfers|charges)\\.(?:create|cancel)\\s*\\("
              + "|\\bmessages\\.create\\s*\\("
              + "|messaging\\(\\)\\.send\\s*\\("
              + "|update_repo_settings\\s*\\([^)]*private\\s*=\\s*false"
              + "|update_repo_visibility\\s*\\([^)]*private\\s*=\\s*false");

  /**
   * The credentialed write inline code makes, or {@code null}.
   *
   * @param code the code
   * @return the write, or {@code null}
   */
  static ActsPredicates.Request write(String code) {
    String c = lower(code);
    var call = WRITE_CALL.matcher(c);
    boolean writes = false;
    boolean deletes = false;
    while (call.find()) {
      String method = call.group(1);
      if (method.equals("request")) {
        int end = Math.min(c.length(), call.end() + 40);
        String head = c.substring(call.end(), end);
        if (!(head.contains("post")
            || head.contains("put")
            || head.contains("patch")
            || head.contains("delete"))) {
          continue;
        }
        deletes |= head.contains("delete");
      }
      writes = true;
      deletes |= method.equals("delete");
    }
    if (c.contains("net::http::")) {
      var m = RUBY_REQUEST.matcher(c);
      while (m.find()) {
        writes = true;
        deletes |= m.group(1).equals("delete");
      }
    }
    if (c.contains("fetch(")) {
      var m = FETCH_METHOD.matcher(c);
      while (m.find()) {
        writes = true;
        deletes |= m.group(1).equals("delete");
      }
    }
    if (c.contains("urllib")
        && c.contains("request(")
        && (c.contains("method=") || c.contains("data="))) {
      writes = true;
      deletes |= c.contains("method='delete'") || c.contains("method=\"delete\"");
    }
    if (!writes || !credential(c)) {
      return null;
    }
    var urls = Hosts.URL.matcher(c);
    String host = null;
    boolean destroys = deletes;
    boolean any = false;
    while (urls.find()) {
      String url = written(c, urls.start(), urls.group());
      String h = Hosts.of(url);
      if (h == null || ActsPredicates.local(h)) {
        continue;
      }
      int scheme = url.indexOf("://");
      int slash = url.indexOf('/', scheme + 3);
      if (ActsPredicates.decidedElsewhere(h, slash > 0 ? url.substring(slash) : "", null)) {
        return null;
      }
      if (slash > 0 && ReadingPaths.readsOnly(url.substring(slash), c)) {
        continue; // a search, a token's exchange, a model's completion
      }
      any = true;
      host = h;
      destroys |= slash > 0 && ActsPredicates.says(url.substring(slash), ActsPredicates.DESTROYING);
    }
    if (!any) {
      return null; // no URL of another machine: a local service, or one the guard cannot read
    }
    destroys |= Environments.namesProduction(c);
    return new ActsPredicates.Request(destroys, host);
  }

  /**
   * The URL as the code writes it, a placeholder's braces whole ({@code
   * f"https://{os.environ['SHOP']}/admin/api/graphql.json"}, a template's {@code ${host}}), where
   * {@link Hosts#URL} stops at the placeholder's first quote: its path is then read (decision 207).
   */
  private static String written(String c, int start, String matched) {
    if (matched.indexOf('{') < 0) {
      return matched;
    }
    int depth = 0;
    int end = start;
    while (end < c.length() && end - start < 2048) {
      char ch = c.charAt(end);
      if (ch == '{') {
        depth++;
      } else if (ch == '}') {
        depth--;
      } else if (depth <= 0 && (Character.isWhitespace(ch) || "'\"`<>)".indexOf(ch) >= 0)) {
        break;
      }
      end++;
    }
    return c.substring(start, end);
  }

  /**
   * Whether code hands its request a credential: an authorising place (a header, an auth argument)
   * and a credential's name; or a key the code takes from the environment, wherever it puts it
   * (decision 111).
   */
  private static boolean credential(String c) {
    return anyIn(c, AUTHORISING) && anyIn(c, CREDENTIAL) || KeyedFields.environmentKey(c);
  }

  private static boolean anyIn(String c, List<String> words) {
    for (String word : words) {
      if (c.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether inline code imports a service's SDK and calls it with a verb that loses, spends or
   * reaches people, with no URL of this machine (an emulator's) in it.
   *
   * @param code the code
   * @return whether it does
   */
  static boolean sdkActs(String code) {
    String c = lower(code);
    boolean sdk = false;
    for (String name : SDKS) {
      if (c.contains(name)) {
        sdk = true;
        break;
      }
    }
    if (!sdk || c.contains("emulator") || c.contains("localhost") || c.contains("127.0.0.1")) {
      return false;
    }
    return PatternLiterals.finds(SDK_VERB, c);
  }

  /** A loop in inline code: Python's {@code for … in …:} and {@code while}, JavaScript's. */
  private static final Pattern LOOP =
      Pattern.compile(
          "(?m)^\\s*(?:for\\s+\\S.{0,80}?\\s+in\\s+.{1,200}:|while\\s.{1,200}:)"
              + "|\\bfor\\s*\\(|\\bfor\\s+await\\b|\\.(?:foreach|map)\\s*\\(|\\bwhile\\s*\\(");

  /**
   * Whether inline code loops.
   *
   * @param code the code
   * @return whether it does
   */
  static boolean loops(String code) {
    return PatternLiterals.finds(LOOP, lower(code));
  }

  private static String lower(String code) {
    return (code.length() > BOUND ? code.substring(0, BOUND) : code).toLowerCase(Locale.ROOT);
  }
}
