package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Scripts a change loads into the shop's pages from another host ({@code customers.outside-script},
 * decision 102): where they come from (a moving source, a host no checkout loads, the shop's own
 * site), and the hosts the customers' rules take as a payment, captcha or tag vendor's or this
 * machine's.
 */
final class OutsideScripts {
  private OutsideScripts() {}

  /** A script loaded from a host: a tag's source, Liquid's {@code script_tag}, a set source. */
  private static final Pattern SCRIPT =
      Pattern.compile(
          "(?i)<script\\b[^>]{0,300}?\\bsrc\\s*=\\s*\\{?\\s*['\"`]((?:https?:)?//[^'\"`\\s]{1,300})"
              + "|['\"]((?:https?:)?//[^'\"\\s]{1,300})['\"]\\s*\\|\\s*script_tag"
              + "|\\.src\\s*=\\s*['\"`]((?:https?:)?//[^'\"`\\s]{1,300})"
              + "|enqueue_script\\s*\\(\\s*['\"][^'\"]{1,100}['\"]\\s*,\\s*['\"]((?:https?:)?//[^'\"\\s]{1,300})");

  /** A source that moves: a branch, {@code latest}, a raw file of a repository. */
  private static final Pattern MOVING =
      Pattern.compile(
          "(?i)//(?:raw\\.githubusercontent\\.com|gist\\.githubusercontent\\.com|raw\\.githack\\.com"
              + "|rawcdn\\.githack\\.com|cdn\\.rawgit\\.com|rawgit\\.com|gitcdn\\.\\w+|cdn\\.statically\\.io)/"
              + "|@(?:main|master|latest|dev|develop|head|trunk|next|canary|nightly)(?:[/'\"]|$)"
              + "|cdn\\.jsdelivr\\.net/gh/[^/@]{1,100}/[^/@]{1,100}/"
              + "|//unpkg\\.com/(?:@[^/]{1,100}/)?[^/@]{1,100}/");

  /** The hosts of the payment, captcha and tag services a checkout ordinarily loads. */
  private static final List<String> KNOWN_SCRIPT_HOSTS =
      List.of(
          "stripe.com",
          "stripe.network",
          "paypal.com",
          "paypalobjects.com",
          "braintreegateway.com",
          "braintree-api.com",
          "adyen.com",
          "klarna.com",
          "klarnacdn.net",
          "squareup.com",
          "squarecdn.com",
          "google.com",
          "gstatic.com",
          "googletagmanager.com",
          "google-analytics.com",
          "recaptcha.net",
          "cloudflare.com",
          "hcaptcha.com",
          "shopify.com",
          "shopifycdn.com",
          "apple.com",
          "mollie.com",
          "checkout.com",
          "razorpay.com",
          "mercadopago.com",
          "chargebee.com",
          "recurly.com",
          "paddle.com",
          "payments-amazon.com",
          "afterpay.com",
          "affirm.com");

  /** A page where a script reads what the customer types: a payment, a login. */
  private static final Pattern TYPED_PAGE =
      Pattern.compile(
          "(?i)checkout|payment|billing|basket|\\bcart|card|login|signin|sign[-_]in|signup"
              + "|password|account");

  /**
   * Whether added text loads a script from another host at a moving ref, or from a host no checkout
   * ordinarily loads onto a page where the customer types a card or a password; a script pinned by
   * its hash ({@code integrity=}) is neither.
   */
  static boolean loaded(String added, String old, String place) {
    Matcher script = SCRIPT.matcher(added);
    int scripts = 0;
    while (script.find() && scripts++ < 16) {
      String url = null;
      for (int group = 1; url == null && group <= script.groupCount(); group++) {
        url = script.group(group);
      }
      if (url == null) {
        continue;
      }
      int tagEnd = added.indexOf('>', script.end());
      String tag = added.substring(script.start(), tagEnd < 0 ? added.length() : tagEnd);
      if (tag.contains("integrity")) {
        continue;
      }
      String rest = url.substring(url.indexOf("//") + 2);
      int slash = rest.indexOf('/');
      String host = (slash < 0 ? rest : rest.substring(0, slash)).toLowerCase(Locale.ROOT);
      if (known(host) || local(host)) {
        continue; // a payment or tag vendor's, or this machine's
      }
      if (PatternLiterals.finds(MOVING, url) && !old.contains(url)
          || PatternLiterals.finds(TYPED_PAGE, place) && !old.contains(site(host))) {
        return true; // a moving source new here; a host on a typed page of a site not the shop's
      }
    }
    return false;
  }

  /** A host's site, its last two names ({@code acme-shop.com} of {@code assets.acme-shop.com}). */
  private static String site(String host) {
    int last = host.lastIndexOf('.');
    int before = last > 0 ? host.lastIndexOf('.', last - 1) : -1;
    if (before > 0 && last - before <= 4 && host.length() - last == 3) {
      before = host.lastIndexOf('.', before - 1); // acme.co.uk: three
    }
    return before < 0 ? host : host.substring(before + 1);
  }

  /** Whether a host is a payment, captcha or tag service's, or one below it. */
  static boolean known(String host) {
    for (String known : KNOWN_SCRIPT_HOSTS) {
      if (host.equals(known) || host.endsWith("." + known)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a host is this machine's. */
  static boolean local(String host) {
    String name = host.replaceFirst(":\\d+$", "");
    return name.equals("localhost")
        || name.endsWith(".localhost")
        || name.startsWith("127.")
        || name.equals("0.0.0.0")
        || name.equals("host.docker.internal");
  }
}
