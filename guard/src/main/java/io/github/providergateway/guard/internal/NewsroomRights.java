package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * A streaming service's rights and a newsroom's platforms as the {@code newsroom} rules read them
 * (decision 142): licence windows, territories and blackouts broken in the live catalogue or the
 * CDN, an agency's usage restrictions cleared; content keys replaced in the key server; a comment
 * platform's moderation switched off; others' videos claimed; an agency's photos scraped.
 */
final class NewsroomRights {
  private NewsroomRights() {}

  // ---- Rights, territories and blackouts broken ----

  /** A catalogue's rights written by SQL. */
  private static final Pattern RIGHTS_SQL =
      Pattern.compile(
          "\\b(?:update|delete\\s+from|truncate(?:\\s+table)?)\\s+[\\w.\"]*(?:title_availability"
              + "|availability_windows?|licen[cs]e_windows?|licen[cs]es|rights_windows?|title_rights"
              + "|territor\\w*|blackouts?|geo_restrictions?|geoblocks?)\\b"
              + "|\\bupdate\\s+[\\w.\"]+\\s+set\\s+[^;]{0,200}?\\b(?:\\w*territor\\w*|window_end|window_start"
              + "|licen[cs]e_(?:end|start|expir\\w*)|rights_expir\\w*|blackout\\w*|geo_\\w*)\\s*=");

  /** A CDN's geo or territory check replaced, deleted or turned off. */
  private static final Pattern GEO_CDN =
      Pattern.compile(
          "\\bfastly\\s+vcl\\s+(?:snippet|custom)\\s+(?:update|delete)\\b[^|;&\\n]*(?:geo|territor"
              + "|blackout|region|country|uk_only|rights)|--geo-restriction\\b[^|;&\\n]*none"
              + "|restrictiontype\\W{1,6}none\\b|geo_?restriction\\W{1,6}(?:none|false|null|\\{\\s*\\})"
              + "|\\bblackout\\w*\\W{1,4}(?:false|null|\\[\\s*\\])");

  /** A rights service's windows, territories or blackouts written by its API. */
  private static final Pattern RIGHTS_API =
      Pattern.compile(
          "-x\\s*['\"]?(?:put|patch|delete|post)\\b[^|;&\\n]*/(?:blackouts?|territor\\w*|availability"
              + "|licen[cs]e-?windows?|geo-?restrictions?|rights-?windows?)\\b|/(?:blackouts?|territor\\w*"
              + "|licen[cs]e-?windows?|geo-?restrictions?|rights-?windows?)\\b[^|;&\\n]*-x\\s*['\"]?(?:put"
              + "|patch|delete|post)\\b");

  /** An asset library's agency restrictions cleared. */
  private static final Pattern USAGE_CLEARED =
      Pattern.compile(
          "usage_rights\\W{1,4}unrestricted|commercial_use\\W{1,4}true|rights_cleared\\W{1,4}true"
              + "|editorial_only\\W{1,4}false|usage_restrictions\\W{1,4}(?:\\[\\s*\\]|null)");

  static String rightsBroken(Scan scan) {
    String acting = NewsroomPredicates.acting(scan);
    if (acting == null) {
      return null;
    }
    String found =
        acting.startsWith("sqlite") ? null : NewsroomPredicates.first(RIGHTS_SQL, acting);
    if (found == null) {
      found = NewsroomPredicates.first(GEO_CDN, acting);
    }
    if (found == null) {
      found = NewsroomPredicates.first(USAGE_CLEARED, acting);
    }
    if (found == null) {
      found = NewsroomPredicates.first(RIGHTS_API, acting);
    }
    return found;
  }

  // ---- Content keys replaced in the key server ----

  private static final Pattern KEY_STORE =
      Pattern.compile(
          "key[-_]?server|keyserver|content[-_]?keys?|\\bdrm\\b|widevine|playready|fairplay|\\bspeke\\b"
              + "|\\bkms_keys\\b|key_?store");

  private static final Pattern KEY_CHANGE =
      Pattern.compile(
          "rotat\\w*|delete\\s+from|\\btruncate\\b|drop\\s+table|update\\s+[\\w.\"]*keys?\\b"
              + "|\\bre-?key\\w*|regenerat\\w*|revoke_all|-x\\s*delete\\b|purge_keys");

  static String keysReplaced(Scan scan) {
    String acting = NewsroomPredicates.acting(scan);
    String store = NewsroomPredicates.first(KEY_STORE, acting);
    if (store == null) {
      return null;
    }
    String change = NewsroomPredicates.first(KEY_CHANGE, acting);
    return change != null ? store + ": " + change : null;
  }

  // ---- Content keys read out ----

  private static final Pattern KEYS_READ =
      Pattern.compile(
          "\\bselect\\b[^;]{0,200}(?:\\b(?:key|key_value|content_key|key_hex|key_b64)|\\*)\\s[^;]{0,200}\\bfrom\\s+"
              + "[\\w.\"]*(?:content_keys|drm_keys|keys)\\b|https?://[^\\s'\"]*key[^\\s'\"]*/(?:content-?keys?|keys"
              + "|cpix)/[\\w-]+");

  /** A shell call {@link #keysRead} may find something in: a key store named. */
  static final CallClues KEY_STORE_NAMED = CallClues.of(KEY_STORE);

  static String keysRead(Scan scan) {
    String text = NewsroomPredicates.whole(scan);
    if (!NewsroomPredicates.finds(KEY_STORE, text)
        || text.contains("count(")
        || NewsroomPredicates.notReal(text)) {
      return null;
    }
    return NewsroomPredicates.first(KEYS_READ, text);
  }

  // ---- A comment platform's moderation switched off ----

  private static final Pattern MODERATION_OFF =
      Pattern.compile(
          "\\bmoderation\\W{1,4}post\\b|premod\\w*\\W{1,4}false\\b|pre_?moderation\\w*\\W{1,4}(?:false|off|0)"
              + "\\b|banned\\W{1,4}\\[\\s*\\]|(?:banned_?words|blocklist|block_?list|wordlist)\\W{1,4}"
              + "\\[\\s*\\]|(?:banned_?words|blocklist|wordlist)\\W{0,4}(?:=|:)\\s*null");

  private static final Pattern APPROVES =
      Pattern.compile("approvecomment|approve_comment|/approve\\b");

  private static final Pattern COMMENTS =
      Pattern.compile("comment|coral|\\btalk\\b|disqus|moderation|tenants|discourse|premod");

  static String moderationOff(Scan scan) {
    String acting = NewsroomPredicates.acting(scan);
    if (acting == null || !NewsroomPredicates.finds(COMMENTS, acting)) {
      return null;
    }
    String off = NewsroomPredicates.first(MODERATION_OFF, acting);
    if (off != null) {
      return off;
    }
    // the mutation is often built by a printer (jq -n) and fed to the client that sends it
    String whole = NewsroomPredicates.whole(scan);
    String approves = NewsroomPredicates.first(APPROVES, whole);
    return approves != null && NewsroomPredicates.finds(NewsroomPredicates.LOOP, whole)
        ? "held comments approved in bulk (" + approves + ")"
        : null;
  }

  // ---- Others' videos claimed ----

  private static final Pattern CLAIMS =
      Pattern.compile(
          "\\bclaims?\\s+(?:bulk-)?(?:create|insert)\\b|youtube/partner/v1/claims\\b|\\.claims\\(\\)\\.insert"
              + "|\\bclaims\\.insert\\b");

  private static final Pattern CLAIM_FORCE =
      Pattern.compile(
          "on[-_]?behalf[-_]?of[-_]?content[-_]?owner|onbehalfofcontentowner|\\bblock\\w*|takedown");

  static String contentClaimed(Scan scan) {
    String acting = NewsroomPredicates.acting(scan);
    String claims = NewsroomPredicates.first(CLAIMS, acting);
    return claims != null && NewsroomPredicates.finds(CLAIM_FORCE, acting) ? claims : null;
  }

  // ---- An agency's photos scraped ----

  private static final Pattern SCRAPERS =
      Pattern.compile(
          "\\b(?:gallery-dl|httrack|yt-dlp|youtube-dl|aria2c|scrapy|wget\\s+(?:[^|;&\\n]*\\s)?-(?:r|m"
              + "|-recursive|-mirror)\\b)");

  private static final Pattern AGENCIES =
      Pattern.compile(
          "gettyimages\\.|shutterstock\\.|apimages\\.|newsroom\\.ap\\.org|reuterspictures|reutersconnect"
              + "|afpforum|alamy\\.|istockphoto\\.|epaimages|pa-?images|panewsarchive|magnumphotos"
              + "|dreamstime\\.|agefotostock");

  /** A shell call {@link #agencyMediaScraped} may find something in: an agency named. */
  static final CallClues AGENCY_NAMED = CallClues.of(AGENCIES);

  static String agencyMediaScraped(Scan scan) {
    String text = NewsroomPredicates.whole(scan);
    String agency = NewsroomPredicates.first(AGENCIES, text);
    if (agency == null || !NewsroomPredicates.finds(SCRAPERS, text)) {
      return null;
    }
    return "an agency's media (" + agency + ") downloaded in bulk";
  }
}
