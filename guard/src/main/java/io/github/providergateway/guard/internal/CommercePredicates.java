package io.github.providergateway.guard.internal;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code commerce} rules ask (issue 80 round 8, decision 125): an online store's
 * acts on its live store, its customers and its marketplaces, read from the call's text ({@link
 * CommerceCall}) as the trade spells them: Shopify's Admin API mutations (by the CLI's {@code store
 * execute --allow-mutations}, an MCP tool, {@code curl} or inline code), WP-CLI on a production
 * alias, Magento's {@code bin/magento} and n98-magerun2 on production, the marketplaces' APIs. Each
 * predicate first needs a live store and an act (no dry run, sandbox, draft or read), then the
 * kind's words; the written files are {@link CommerceWrites}'.
 */
final class CommercePredicates {
  private CommercePredicates() {}

  /** Adds each predicate of the whole call under its name, {@link CommerceWrites}' too. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    CommerceWrites.addCallsTo(named);
    named.put("commerce-store-data-destroyed", CommercePredicates::storeDataDestroyed);
    named.put("commerce-customers-mailed", CommercePredicates::customersMailed);
    named.put("commerce-data-hooked-out", CommercePredicates::dataHookedOut);
    named.put("commerce-free-discount", CommercePredicates::freeDiscount);
    named.put("commerce-reviews-manipulated", CommercePredicates::reviewsManipulated);
    named.put("commerce-listings-ended", CommercePredicates::listingsEnded);
    named.put("commerce-orders-closed-in-bulk", CommercePredicates::ordersClosed);
    named.put("commerce-storefront-changed", CommercePredicates::storefrontChanged);
    named.put("commerce-money-settings", CommercePredicates::moneySettings);
    named.put("commerce-stock-pushed", CommercePredicates::stockPushed);
    named.put("commerce-flows-triggered", CommercePredicates::flowsTriggered);
    named.put("commerce-labels-bought", CommercePredicates::labelsBought);
    named.put("commerce-personal-pages-cached", CommercePredicates::personalPagesCached);
    named.put("commerce-live-store-changed", CommercePredicates::liveStoreChanged);
  }

  /** A live store's call that acts, or {@code null}. */
  private static CommerceCall acting(Scan scan) {
    CommerceCall call = CommerceCall.of(scan);
    return call.acts() && call.live() ? call : null;
  }

  /** The first match of a pattern in the text, as the reason shows it, or {@code null}. */
  static String first(Pattern pattern, String text) {
    Matcher found = PatternLiterals.matcher(pattern, text);
    return found.find() ? found.group() : null;
  }

  // ---- Store data destroyed for good ----

  /** Erasures and merges: never undone, whatever their number. */
  private static final Pattern ERASES =
      Pattern.compile(
          "customerrequestdataerasure|customermerge\\b|deleteallassociatedmetafields\\W{0,4}true"
              + "|metaobjectdefinitiondelete|shopredact|/customers/\\d+/erase|gdpr[-_ ]?(?:erase|erasure"
              + "|forget)|customer:delete\\b[^|;&]{0,80}--all|customers?[-_]?delete[^|;&]{0,40}--all"
              + "|wp_delete_user\\s*\\(|magento-cloud\\s+(?:snapshot|backup):restore|magento-cloud\\s+"
              + "(?:environment:delete|environment:deactivate)|(?:delete\\s+from|truncate(?:\\s+table)?)"
              + "\\s+[`'\"]?\\w*(?:wp_posts|wp_users|wp_usermeta|wp_wc_\\w+|woocommerce_\\w+|sales_order"
              + "\\w*|customer_entity\\w*|catalog_product_entity\\w*)");

  /** A store's records deleted: destroyed for good when many are. */
  private static final Pattern DELETES =
      Pattern.compile(
          "\\b(?:product|products|customer|customers|collection|order|orders|metafield|metaobject"
              + "|giftcard|file|catalog|pricelist|productvariants?bulk|productvariant|inventoryitem)"
              + "delete\\b|\\bwc\\s+(?:product|customer|shop_order|product_variation)s?\\s+delete\\b"
              + "|customer:delete\\b|catalog:product:delete\\b|sales:order:delete\\b"
              + "|-x\\s*['\"]?delete\\b[^|;&]{0,200}/admin/api/[^|;&]{0,80}(?:products|customers|orders)"
              + "|-x\\s*['\"]?delete\\b[^|;&]{0,200}/v3/(?:catalog/products|customers|orders)\\?"
              + "|wc/v\\d/(?:products|customers|orders)/batch[^|;&]{0,300}\"delete\"");

  private static String storeDataDestroyed(Scan scan) {
    CommerceCall call = acting(scan);
    if (call == null) {
      return null;
    }
    String found = first(ERASES, call.text());
    if (found == null && call.bulk()) {
      found = first(DELETES, call.text());
    }
    return found;
  }

  // ---- Customers mailed, or their consent made up, in bulk ----

  /** What mails a customer, or marks them as agreeing to be mailed. */
  private static final Pattern MAILS =
      Pattern.compile(
          "customersendaccountinviteemail|draftorderinvoicesend|orderinvoicesend|send_invite\\.json"
              + "|send_invoice\\.json|customerpaymentmethodsendupdateemail|giftcardsendnotification\\w*"
              + "|wc_email_customer_\\w+|->trigger\\s*\\(|\\bwp_mail\\s*\\(|wc\\(\\)->mailer|mailer\\(\\)"
              + "|customer(?:email|sms)marketingconsentupdate[^}]{0,200}subscribed|accepts_marketing\\W{0,4}"
              + "true|emailmarketingconsent[^}]{0,120}subscribed|customer:password:reset|send[-_]?reset"
              + "|sendpasswordreset|/send-invite|--send-email\\b[^|;&]{0,40}|orders?:resend");

  private static String customersMailed(Scan scan) {
    CommerceCall call = acting(scan);
    return call != null && call.bulk() ? first(MAILS, call.text()) : null;
  }

  // ---- The store's order or customer data hooked out to another party ----

  /** A webhook created or repointed, and where it points. */
  private static final Pattern HOOK =
      Pattern.compile(
          "webhooksubscription(?:create|update)|eventbridgewebhooksubscription\\w*"
              + "|pubsubwebhooksubscription\\w*|\\bwc\\s+webhook\\s+(?:create|update)|/webhooks(?:\\.json)?"
              + "\\b|webhooks/subscriptions|webhook[-_]?(?:create|update|add)|create_webhook"
              + "|update_webhook|hooks?\\.(?:create|update)");

  /** The address a webhook is sent to. */
  private static final Pattern HOOK_ADDRESS =
      Pattern.compile(
          "(?:callbackurl|callback_url|delivery_url|deliveryurl|address|\\buri|\\burl|endpoint|"
              + "destination)\\W{0,8}https?://([a-z0-9.-]+)");

  private static String dataHookedOut(Scan scan) {
    CommerceCall call = acting(scan);
    if (call == null || first(HOOK, call.text()) == null) {
      return null;
    }
    // The last address the call gives is where the hook ends up (a substitution's new side).
    String foreign = null;
    Matcher address = PatternLiterals.matcher(HOOK_ADDRESS, call.text());
    while (address.find()) {
      String host = address.group(1);
      boolean own =
          Environments.localHost(host)
              || host.endsWith(".myshopify.com")
              || ownHost(host, call.stores());
      foreign = own ? null : "a webhook to " + host;
    }
    return foreign;
  }

  /** Whether a host belongs to the store: it holds a part of the store's name, or all of it. */
  static boolean ownHost(String host, java.util.List<String> stores) {
    String plain = host.replace("-", "");
    for (String store : stores) {
      if (plain.contains(store.replace("-", ""))) {
        return true;
      }
      for (String part : store.split("-")) {
        if (part.length() >= 5 && plain.contains(part)) {
          return true;
        }
      }
    }
    return false;
  }

  // ---- A free order for everyone ----

  /** A discount of the whole price. */
  private static final Pattern FULL_OFF =
      Pattern.compile(
          "percentage\"?\\s*:\\s*1(?:\\.0+)?\\b(?!\\.\\d*[1-9])|percentage\"?\\s*:\\s*100\\b"
              + "|value\"?\\s*[:=]\\s*\"?-100(?:\\.0+)?\\b|discount_type[\\s=:\"']+percent\\w*[^|;&]{0,200}"
              + "amount[\\s=:\"']+100(?:\\.0+)?\\b|amount[\\s=:\"']+100(?:\\.0+)?\\b[^|;&]{0,200}"
              + "discount_type[\\s=:\"']+percent|by_percent[^|;&]{0,200}discount_amount\\W{1,4}100\\b"
              + "|discount_amount\\W{1,4}100\\b[^|;&]{0,200}by_percent|percent[-_]off[\\s=:\"']+100\\b"
              + "|percentage_discount[^|;&]{0,120}amount\\W{1,4}100\\b");

  /** What limits a discount's use. */
  private static final Pattern LIMITED =
      Pattern.compile(
          "usagelimit\\W{1,4}\\d|usage_limit\\W{1,4}\\d|uses_per_coupon\\W{1,4}[1-9]|max_redemptions"
              + "|uses_per_customer\\W{1,4}[1-9]|max_uses\\W{1,4}[1-9]|email_restrictions"
              + "|customerselection[^}]{0,40}customers\\s*:\\s*\\{");

  /** What makes a discount or a coupon. */
  private static final Pattern DISCOUNT =
      Pattern.compile(
          "discount\\w*(?:create|update)|pricerule|price_rules|shop_coupon|coupons?\\b|salesrule"
              + "|promotion");

  private static String freeDiscount(Scan scan) {
    CommerceCall call = acting(scan);
    if (call == null || first(DISCOUNT, call.text()) == null) {
      return null;
    }
    String found = first(FULL_OFF, call.text());
    return found != null && first(LIMITED, call.text()) == null ? found : null;
  }

  // ---- Reviews made up or suppressed ----

  /** A review platform or a store's reviews. */
  private static final Pattern REVIEWS =
      Pattern.compile(
          "judge\\.me|yotpo|stamped|okendo|trustpilot|reviews\\.io|\\bloox\\b|junip|bazaarvoice"
              + "|powerreviews|feefo|product_?review|--type=review|/reviews?\\b|review(?:create|s?delete"
              + "|update)|\\breviews?\\b");

  /** Reviews written for the store rather than by its customers. */
  private static final Pattern MADE_UP =
      Pattern.compile(
          "generated|fake|synthetic|\\bgpt|openai|anthropic|\\bllm\\b|invented|persona");

  /** A rating fixed at five stars: made up when many reviews carry it. */
  private static final Pattern FIVE_STARS =
      Pattern.compile("rating\"?\\s*[:=]\\s*5\\b|--rating[= ]5\\b|score\"?\\s*[:=]\\s*5\\b");

  /** What writes a review. */
  private static final Pattern WRITES_REVIEW =
      Pattern.compile(
          "-x\\s*['\"]?post\\b|\\bcurl\\b[^|;&]{0,400}\\s(?:-d|--data\\S*)\\s|\\bcreate\\b|\\.post\\s*\\("
              + "|reviewcreate|\\bimport\\b");

  /** Reviews removed, hidden or unpublished by their low rating. */
  private static final Pattern SUPPRESSED =
      Pattern.compile(
          "(?:delete|unpublish|hide|hidden|reject|spam|trash|archive|remove)[^|;&]{0,300}"
              + "(?:rating|score|stars?)(?:\\W{0,16}|[^|;&]{0,30}value\\W{0,3})(?:[12]\\b|<=?\\s*[234]\\b)|(?:rating|score|stars?)(?:\\W{0,16}|[^|;&]{0,30}value\\W{0,3})"
              + "(?:[12]\\b|<=?\\s*[234]\\b)[^|;&]{0,300}(?:delete|unpublish|hide|reject|spam|trash"
              + "|archive|remove)");

  private static String reviewsManipulated(Scan scan) {
    CommerceCall call = acting(scan);
    if (call == null || first(REVIEWS, call.text()) == null) {
      return null;
    }
    String text = call.text();
    String found = first(SUPPRESSED, text);
    if (found == null && first(WRITES_REVIEW, text) != null) {
      found = first(MADE_UP, text);
      if (found == null && call.bulk()) {
        found = first(FIVE_STARS, text);
      }
    }
    return found;
  }

  // ---- Marketplace listings ended in bulk ----

  /** A marketplace's listing ended, retired, withdrawn or deleted. */
  private static final Pattern ENDS_LISTING =
      Pattern.compile(
          "endfixedpriceitem|\\benditems?\\b|endlisting\\w*|withdraw_?offer|delete_?offer"
              + "|delete_?inventory_?item|retire_item|delete_?listings?_?item|deletelistingsitem"
              + "|operationtype\"?\\s*:\\s*\"?delete|deletelisting|state\"?\\s*[:=]\\s*\"?inactive"
              + "|productinputs[:.]delete|products\\.delete|-x\\s*['\"]?delete\\b[^|;&]{0,200}"
              + "(?:walmartapis|ebay|etsy|sellingpartnerapi|merchantapi|shoppingcontent)");

  private static String listingsEnded(Scan scan) {
    CommerceCall call = acting(scan);
    return call != null && call.bulk() ? first(ENDS_LISTING, call.text()) : null;
  }

  // ---- Orders fulfilled, cancelled or closed in bulk ----

  /** An order marked fulfilled, cancelled, closed or paid. */
  private static final Pattern CLOSES_ORDER =
      Pattern.compile(
          "fulfillmentcreate\\w*|ordercancel|orderclose|ordermarkaspaid|fulfillmentordercancel"
              + "|refundcreate|/refunds\\.json|returncreate"
              + "|/fulfillments\\.json|/cancel\\.json|order:cancel|sales:order:cancel|mark_?as_?shipped"
              + "|createshipmentconfirmation|\\bwc\\s+shop_order\\s+(?:update|batch)[^|;&]{0,200}status"
              + "[= ]+(?:completed|cancelled|refunded)|/orders/[^/\\s]{1,40}/cancel|orders?/cancel");

  private static String ordersClosed(Scan scan) {
    CommerceCall call = acting(scan);
    return call != null && call.bulk() ? first(CLOSES_ORDER, call.text()) : null;
  }

  // ---- The storefront changed for every shopper ----

  /** A theme made live, the store closed, its address moved, its catalog taken off sale. */
  private static final Pattern STOREFRONT =
      Pattern.compile(
          "\\btheme\\s+push\\b[^|;&]{0,300}\\s(?:--live|--allow-live|--publish|-l|-a)\\b"
              + "|shopify_flag_(?:live|allow_live|publish)=|\\btheme\\s+publish\\b|maintenance:enable"
              + "|maintenance-mode\\s+activate|setup:store-config:set[^|;&]{0,80}base-url|web/(?:un)?secure"
              + "/base_(?:link_)?url|option\\s+update\\s+(?:siteurl|home|blog_public|woocommerce_coming_soon)"
              + "\\b|publishableunpublish|productunpublish|collectionunpublish|publicationdelete"
              + "|themepublish|themedelete|storefront_?password|password_enabled\\W{0,4}true");

  private static String storefrontChanged(Scan scan) {
    CommerceCall call = acting(scan);
    return call == null ? null : first(STOREFRONT, call.text());
  }

  // ---- The store's money: discounts, gift cards, tax, currency, payment methods ----

  /** What changes what the store charges or is paid. */
  private static final Pattern MONEY =
      Pattern.compile(
          "discountcode\\w*create|discountcode\\w*update|discountautomatic\\w*(?:create|update)"
              + "|\\bwc\\s+(?:payment_gateway|tax|tax_class)\\s+(?:create|update|delete|batch)"
              + "|pricerule\\w*(?:create|update)|giftcardcreate|giftcardcredit|giftcardupdate"
              + "|\\bshop_coupon\\s+(?:create|update)|salesrule|/price_rules|/discount_codes"
              + "|/gift_cards|\\bcoupons?\\s+(?:create|update)\\b|giftcard:create|taxexempt\\w*\\W{0,4}"
              + "(?:true|add)|taxexemptionsadd|customerupdate[^|;&]{0,300}taxexempt|tax_exempt\\W{0,4}(?:true|1)|(?:option\\s+(?:update|set"
              + "|patch|add)|config:(?:store:)?set|update\\s+(?:core_config_data|\\w*options)\\b)[^|;&]{0,160}"
              + "(?:currency|payment/|tax/|woocommerce_(?:calc_taxes|prices_include_tax|tax_\\w+|currency"
              + "|\\w*_settings|\\w*gateway\\w*))");

  private static String moneySettings(Scan scan) {
    CommerceCall call = acting(scan);
    return call == null ? null : first(MONEY, call.text());
  }

  // ---- Stock pushed to the channels ----

  /** Stock levels set and pushed out to the store's channels. */
  private static final Pattern STOCK =
      Pattern.compile(
          "update\\s+stock\\s+levels|revisefixedpriceitem|reviseitem|update_stock_levels|push_to_channels\\W{0,4}true"
              + "|inventorysetquantities|inventorysetonhandquantities|inventoryadjustquantities"
              + "|post_inventory_availability_data|feedtype=inventory|reviseinventorystatus"
              + "|/v3/inventory|inventory_levels/set|set_?stock|stock_quantity[\\s=:\"']+0\\b"
              + "|inventory:source:item:update|stock:update|post_product_pricing_data|priceandquantity"
              + "|patch_?listings_?item|purchasable_offer|feedtype=price|/v3/price|create_?feed"
              + "|submit_?feed|/feeds/\\d{4}-\\d\\d-\\d\\d/feeds|/v3/feeds\\b|sell/feed/v1/task"
              + "|custombatch|products\\.insert|productinputs[:.]insert");

  private static String stockPushed(Scan scan) {
    CommerceCall call = acting(scan);
    return call == null ? null : first(STOCK, call.text());
  }

  // ---- Marketing flows set off ----

  /** A marketing platform whose flows mail on an event. */
  private static final Pattern MARKETING =
      Pattern.compile(
          "klaviyo|braze|iterable|customer\\.io|customerio|attentive|omnisend|mailchimp|\\bdrip\\b"
              + "|postscript|sendlane|activecampaign|hubspot");

  /** Events sent in bulk or stamped now, or a flow set live. */
  private static final Pattern TRIGGERS =
      Pattern.compile(
          "backfill|campaign-send-jobs|/actions/send|--use-current-time|event-bulk-create|/api/events|events/bulk|/track\\b|\\.track"
              + "\\s*\\(|users/track|\"status\"\\s*:\\s*\"live\"|status[= ]+live\\b|flows?\\s+(?:activate"
              + "|start|enable)");

  private static String flowsTriggered(Scan scan) {
    CommerceCall call = CommerceCall.of(scan);
    if (!call.acts() || first(MARKETING, call.text()) == null) {
      return null;
    }
    return first(TRIGGERS, call.text());
  }

  // ---- Postage bought in bulk ----

  /** A label bought on a carrier account. */
  private static final Pattern BUYS_LABEL =
      Pattern.compile(
          "shipment\\.buy|/shipments/[^/\\s]{1,60}/buy|transactions?\\.create|goshippo\\.com/transactions"
              + "|createlabel\\w*|/v1/labels\\b|labels?\\.create|purchase_?labels?|buy_?labels?");

  /** A carrier account's test key or test mode. */
  private static final Pattern TEST_KEY =
      Pattern.compile(
          "_test_|test_?api_?key|shippo_test|\\beztk|test\\s*[=:]\\s*true|\"test_label\"\\s*:\\s*true");

  private static String labelsBought(Scan scan) {
    CommerceCall call = acting(scan);
    if (call == null || !call.bulk() || first(TEST_KEY, call.text()) != null) {
      return null;
    }
    return first(BUYS_LABEL, call.text());
  }

  // ---- Personal pages cached at the edge ----

  /** Caching everything, checkout and account pages among them. */
  private static final Pattern CACHE_EVERYTHING =
      Pattern.compile(
          "cache_everything|\"cache\"\\s*:\\s*true|cache_level\\W{1,6}cache_everything"
              + "|\"bypass_cache_on_cookie\"\\s*:\\s*\"\"");

  /** What keeps a customer's own pages out of a shared cache. */
  private static final Pattern PERSONAL_PAGES =
      Pattern.compile("checkout|/cart|account|customer|wishlist|sales/order|wp-admin|wc-api");

  /** A CDN's API. */
  private static final Pattern CDN =
      Pattern.compile("api\\.cloudflare\\.com|api\\.fastly\\.com|akamai|bunny\\.net|cloudfront");

  private static String personalPagesCached(Scan scan) {
    CommerceCall call = CommerceCall.of(scan);
    String text = call.text();
    if (!call.acts() || first(CDN, text) == null || first(PERSONAL_PAGES, text) != null) {
      return null;
    }
    return first(CACHE_EVERYTHING, text);
  }

  // ---- Any other change to the live store ----

  /** A change to the live store: a mutation, a settings write, code run inside it. */
  private static final Pattern CHANGES =
      Pattern.compile(
          "--allow-mutations|shopify_flag_allow_mutations=(?:1|true)|\\bmutation\\b\\s*\\w*\\s*"
              + "(?:\\([^)]{0,400}\\))?\\s*\\{|bulkoperationrunmutation|\\bwp\\s+(?:(?:--[\\w-]+(?:=\\S+)?|@[\\w-]+)\\s+)*"
              + "(?:eval|eval-file|search-replace|(?:option|transient|post|user|plugin|theme"
              + "|menu|term|comment|cron)\\s+(?:update|add|delete|patch|set|create|install|activate"
              + "|deactivate|set-role|generate|run)|wc\\s+\\w+\\s+(?:create|update|delete|batch)|db\\s+"
              + "(?:import|reset|query\\s+['\"]?(?:update|delete|insert|drop|alter|truncate|replace)))"
              + "|(?:bin/magento|n98-magerun2?)\\s+(?:config:(?:store:)?set|setup:\\S+|maintenance:\\S+"
              + "|module:(?:enable|disable)|cache:disable|deploy:mode:set|indexer:reset|admin:user:\\S+"
              + "|customer:\\S+|catalog:\\S+|sales:\\S+|db:import|db:query|dev:console|script|sys:\\S+)"
              + "|\\b(?:update|delete\\s+from|insert\\s+into|truncate|drop\\s+table)\\s+(?:core_config_data"
              + "|wp_\\w+|\\w*sales_order\\w*|\\w*catalog_product\\w*|\\w*customer_entity\\w*"
              + "|\\w*cataloginventory\\w*|\\w*salesrule\\w*)|/admin/api/\\S*graphql\\.json[^|;&]{0,10}"
              + "|(?:--data\\S*|\\s-d)\\s+@\\S+[^|;&]{0,300}myshopify\\.com/admin"
              + "|\\bapp\\s+deploy\\b(?![^|;&]{0,200}--no-release)[^|;&]{0,200}--(?:allow-deletes|force)\\b|\\bapp\\s+release\\b"
              + "|shopify_flag_(?:force|allow_deletes)=|magento-cloud\\s+(?:db:sql|sql|environment:"
              + "(?:redeploy|merge|synchronize)|redeploy|merge|sync|variable:(?:create|update|delete|set))\\b"
              + "|\\btheme\\s+delete\\b(?![^|;&]{0,200}(?:\\s-d\\b|--development))");

  private static String liveStoreChanged(Scan scan) {
    CommerceCall call = acting(scan);
    if (call == null) {
      return null;
    }
    String found = first(CHANGES, call.text());
    if (found != null && found.startsWith("/admin/api/")) {
      // A request to the Admin GraphQL endpoint changes only what its body says.
      String text = call.text();
      boolean changes =
          text.contains("mutation") || text.matches("(?s).*(?:--data\\S*|\\s-d)\\s+['\"]?@.*");
      return changes ? found : null;
    }
    return found;
  }
}
