package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The call as the {@code commerce} rules read it (decision 125), once a call: the text of its
 * acting programs as {@link RecordsCall} reads it (the readers, printers, local file tools and test
 * runners aside, a dry run, a validation, a sandbox or a draft no act), whether it acts on a live
 * store, and whether it acts on many records at once.
 *
 * <p>A <b>live store</b> is a store, a shop's database or a marketplace account that no part of the
 * call says is a development, test or staging one: a {@code *.myshopify.com} store or a {@code
 * --store} handle without a test part ({@code harborline-dev}, {@code acme-staging} are not), a
 * WP-CLI alias naming production ({@code @live}, {@code @prod}), Magento Cloud's {@code -e
 * production} or {@code -e master}, a shell on another machine ({@code ssh deploy@mage-web-01}), a
 * database client on a host not this machine's, a marketplace's API, a commerce server's MCP tool.
 * A local WP-CLI or {@code bin/magento}, a Warden, DDEV or Lando container, a development store and
 * a staging environment are none.
 *
 * @param text the acting programs' text (a shell call's whole command), in lower case
 * @param acts whether something in the call acts (no dry run, no read-only HTTP request)
 * @param live whether it acts on a live store
 * @param bulk whether it acts on many records at once (a loop, {@code xargs}, a bulk operation, a
 *     feed, {@code --all})
 * @param stores the names of the stores the call names ({@code harborline-goods})
 */
record CommerceCall(String text, boolean acts, boolean live, boolean bulk, List<String> stores) {
  private static final CommerceCall NOTHING = new CommerceCall("", false, false, false, List.of());

  /** A Shopify store named by its host or by the CLI's store option or variable. */
  private static final Pattern STORE =
      Pattern.compile(
          "([a-z0-9][a-z0-9-]{1,60})\\.myshopify\\.com|(?:--store|\\s-s|shopify_flag_store|"
              + "\"store\"|store_?domain|shop_?domain)[\\s=:\"']+([a-z0-9][a-z0-9-]{1,60})");

  /** A WP-CLI alias or Magento Cloud environment: {@code wp @live}, {@code -e production}. */
  private static final Pattern ENVIRONMENT =
      Pattern.compile(
          "\\bwp\\s+(?:--[\\w-]+(?:=\\S+)?\\s+)*@([\\w-]+)|\\bmagento-cloud\\b[^|;&]{0,200}?"
              + "(?:\\s-e\\s*|--environment[= ])['\"]?([\\w-]+)");

  /** A container or a tool of this machine's development stores. */
  private static final Pattern LOCAL_STACK =
      Pattern.compile(
          "\\b(?:warden|ddev|lando|docksal|valet|wp-env|den)\\s+(?:env\\s+)?(?:exec|run|ssh|wp|magento"
              + "|shell)\\b|\\bdocker(?:-compose|\\s+compose)?\\s+(?:exec|run)\\b|\\blocalhost\\b"
              + "|127\\.0\\.0\\.1|\\.test\\b|\\.local\\b|\\.localhost\\b");

  /** A remote target: a shell on another machine, a database client given a host, an API. */
  private static final Pattern REMOTE =
      Pattern.compile(
          "(?:\\bssh\\s+(?:-\\w+\\s+(?:\\S+\\s+)?)*|--ssh[= ](?:ssh://)?)([\\w.-]+@)?([\\w-]+(?:\\.[\\w-]+)+)|(?:mysql|mariadb"
              + "|psql)\\b[^|;&]{0,80}?(?:\\s-h\\s*|--host[= ])([\\w-]+(?:\\.[\\w-]+)*)");

  /** A marketplace's, a store platform's or a channel tool's API: live by nature. */
  private static final Pattern MARKETPLACE =
      Pattern.compile(
          "api\\.ebay\\.com|ebaysdk|ebay_rest|marketplace\\.walmartapis\\.com|sellingpartnerapi|"
              + "sp_api|amazon-sp-api|\\bmws\\b|openapi\\.etsy\\.com|api\\.etsy\\.com|merchantapi"
              + "\\.googleapis|shoppingcontent\\.googleapis|api\\.bigcommerce\\.com|linnworks"
              + "|channeladvisor|shipbob|shipstation|easypost|shippo|api\\.judge\\.me|judge\\.me/api"
              + "|yotpo\\.com|stamped\\.io|okendo|trustpilot|klaviyo\\.com|a\\.klaviyo");

  /** A server's tool that reads: a schema, the documents, a list, a search. */
  private static final Pattern READING_TOOL =
      Pattern.compile(
          "(?i)__(?:introspect|schema|search|docs?|learn|validate|get|list|read|fetch"
              + "|describe|show|count|lookup)(?:_|$)");

  /** A store's own API on a host: Magento's REST, WooCommerce's, Shopify's Admin API. */
  private static final Pattern STORE_API =
      Pattern.compile(
          "https?://([a-z0-9.-]+)(?::\\d+)?/(?:rest/(?:v1|default|all|[a-z_]+/v1)/|wp-json/wc/"
              + "|admin/api/|graphql\\b|api/v\\d/)");

  /** An app version released: it reaches every store the app is installed on. */
  private static final Pattern APP_RELEASE = Pattern.compile("\\bapp\\s+(?:deploy|release)\\b");

  /**
   * The Shopify CLI's app configuration a deploy or a release names ({@code --config
   * shopify.app.staging.toml}, {@code -c staging}): the app that configuration names (decision
   * 207).
   */
  private static final Pattern APP_CONFIG =
      Pattern.compile(
          "\\bapp\\s+(?:deploy|release)\\b[^|;&]{0,200}?(?:\\s-c\\s*|--config[= ])['\"]?"
              + "(?:shopify\\.app\\.([\\w-]+)\\.toml|([\\w-]+)(?=['\"]?(?:\\s|$)))");

  /** The Shopify CLI's Admin API commands: the store is SHOPIFY_FLAG_STORE's when none is named. */
  private static final Pattern STORE_EXECUTE =
      Pattern.compile("\\bshopify\\s+(?:store|app)\\s+(?:bulk\\s+)?execute\\b");

  /** What says many records at once. */
  private static final Pattern BULK =
      Pattern.compile(
          "\\bxargs\\b|/batch\\b|\\?id:in=|\\bbatch\\s|\\bwhile\\s+read\\b|\\bfor\\s+\\w+\\s+in\\b|\\bfor\\s*\\(|\\bforeach\\b"
              + "|\\.foreach\\s*\\(|\\bbulk|--all\\b|\\ball\\s*:\\s*true|\\bfeeds?\\b|feedtype"
              + "|variable-file|\\.jsonl\\b|\\.csv\\b|\\[[^\\]]{0,200}\\bfor\\s+\\w+\\s+in\\b"
              + "|\\blimit\"?\\s*(?:=>|:)\\s*-1|\\bmap\\s*\\(|\\.each\\b|_all[_\\w]*\\b");

  /** {@return the call's reading, made once a call} */
  static CommerceCall of(Scan scan) {
    return scan.once("CommerceCall", CommerceCall::read);
  }

  private static CommerceCall read(Scan scan) {
    if (scan.source() == null && PatternLiterals.finds(READING_TOOL, scan.call().tool())) {
      return NOTHING; // a schema's, a document's or a store's read by a server's tool
    }
    RecordsCall call = RecordsCall.of(scan);
    if (call.acting().isEmpty()) {
      return NOTHING;
    }
    String text = call.shell() ? call.text() : call.actingText();
    boolean acts = real(call.acting()) && !RecordsCall.readsOnly(scan);
    List<String> stores = stores(text);
    return new CommerceCall(
        text, acts, live(text, stores, !call.shell()), PatternLiterals.finds(BULK, text), stores);
  }

  /**
   * Whether a program of these acts: its words say no dry run, validation, sandbox or draft ({@link
   * RecordsCall#NOT_REAL}). A payment method put in test mode is no test of the store's: it is the
   * live store taking orders it does not charge, so the words {@code testmode} and {@code
   * test_mode} do not make the call a test here.
   */
  private static boolean real(List<String> acting) {
    for (String step : acting) {
      if (!RecordsCall.NOT_REAL.matcher(TEST_MODE.matcher(step).replaceAll("")).find()) {
        return true;
      }
    }
    return false;
  }

  /**
   * A payment method put in test mode or on its sandbox: {@code testmode}, {@code
   * payment/braintree/environment sandbox}, {@code stripe_mode test}.
   */
  private static final Pattern TEST_MODE =
      Pattern.compile(
          "\\btest[-_]?mode\\b|(?:payment/\\S*|environment|_mode)['\"]?\\s*[=: ]\\s*['\"]?(?:sandbox|test)\\b");

  /** The stores a text names, by their handle ({@code harborline-goods}). */
  static List<String> stores(String text) {
    List<String> stores = new ArrayList<>();
    Matcher named = PatternLiterals.matcher(STORE, text);
    while (named.find() && stores.size() < 8) {
      String store = named.group(1) != null ? named.group(1) : named.group(2);
      if (!stores.contains(store)) {
        stores.add(store);
      }
    }
    return stores;
  }

  /** Whether a store's, an alias's or a host's name says development, test or staging. */
  static boolean testName(String name) {
    return Environments.testName(name)
        || Environments.stagingHost(name)
        || name.matches("pr-?\\d+");
  }

  /** Whether the call's text acts on a live store, as this type's description says. */
  static boolean live(String text, List<String> stores, boolean tool) {
    if (PatternLiterals.finds(LOCAL_STACK, text)) {
      return false;
    }
    for (String store : stores) {
      if (testName(store) || store.contains("-dev") || store.contains("-pr-")) {
        return false;
      }
    }
    Matcher config = PatternLiterals.matcher(APP_CONFIG, text);
    if (config.find()) {
      String name = config.group(1) != null ? config.group(1) : config.group(2);
      if (testName(name)) {
        return false; // the staging app's configuration: no live store's app
      }
    }
    Matcher environment = PatternLiterals.matcher(ENVIRONMENT, text);
    boolean named = false;
    while (environment.find()) {
      String name = environment.group(1) != null ? environment.group(1) : environment.group(2);
      if (Environments.namesProduction(name) || name.equals("master") || name.equals("main")) {
        named = true;
      } else {
        return false; // @staging, -e integration-dev: not the live store
      }
    }
    if (named
        || !stores.isEmpty()
        || PatternLiterals.finds(MARKETPLACE, text)
        || PatternLiterals.finds(APP_RELEASE, text)
        || PatternLiterals.finds(STORE_EXECUTE, text)) {
      return true;
    }
    Matcher api = PatternLiterals.matcher(STORE_API, text);
    while (api.find()) {
      if (!Environments.localHost(api.group(1)) && !testName(api.group(1))) {
        return true;
      }
    }
    Matcher remote = PatternLiterals.matcher(REMOTE, text);
    while (remote.find()) {
      String host = remote.group(2) != null ? remote.group(2) : remote.group(3);
      if (host != null && !Environments.localHost(host) && !testName(host)) {
        return true;
      }
    }
    return tool || Environments.namesProduction(text);
  }
}
