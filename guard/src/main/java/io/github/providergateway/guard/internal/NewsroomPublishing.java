package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * What a newsroom publishes as the {@code newsroom} rules read it (decision 142): an alert pushed
 * to every subscriber, a story published past its embargo, a legal hold, a poll-close lock or an
 * injunction, a story's status changed on the live CMS, a post on the organisation's social
 * accounts, a story put on a syndication exchange.
 */
final class NewsroomPublishing {
  private NewsroomPublishing() {}

  // ---- An alert pushed to every subscriber ----

  /** A push service, its SDK, or the project's task that sends one. */
  private static final Pattern PUSH =
      Pattern.compile(
          "onesignal|fcm\\.googleapis|firebase|\\bfcm\\b|\\bmessaging\\(\\)|\\bmessaging\\.send|airship"
              + "|\\bbraze|exp\\.host/--/api/v2/push|api\\.push\\.apple|\\bapns|pushwoosh|\\bsns\\s+publish"
              + "|_push\\b|\\bpush_|push[-_]?notification|send_notification|create_notification"
              + "|/notifications\\b");

  /** An audience of everyone: a segment, a topic, a condition, a broadcast. */
  private static final Pattern EVERYONE =
      Pattern.compile(
          "included_segments\\W{1,8}(?:subscribed users|all|active users|engaged users|total subscriptions)"
              + "\\b|\\bsegments?\\W{1,8}(?:all|everyone|all[-_ ]users|all[-_ ]subscribers)\\W"
              + "|\\btopic\\W{1,8}(?:/topics/)?(?:all|all[-_]users|everyone|all[-_]subscribers|breaking\\w*|news)\\W"
              + "|/topics/(?:all|all[-_]users|everyone|breaking\\w*)\\b|\\baudience\\W{1,6}all\\W"
              + "|\\bbroadcast\\W{1,6}true\\b|\\bsend_to_all\\W{1,6}true\\b"
              + "|topic-arn[= ]+\\S*(?:all|everyone|breaking)|\\binterests\\W{1,6}(?:all|everyone|breaking\\w*"
              + "|news)\\b");

  static String alertToEveryone(Scan scan) {
    String acting = NewsroomPredicates.acting(scan);
    if (acting == null || !NewsroomPredicates.finds(PUSH, acting)) {
      return null;
    }
    String everyone = NewsroomPredicates.first(EVERYONE, acting);
    return everyone != null ? "a push to " + everyone : null;
  }

  // ---- An embargo, a legal hold, a lock or an injunction overridden ----

  private static final Pattern OVERRIDES =
      Pattern.compile(
          "--(?:no|skip|ignore|override|bypass)-embargo\\w*(?:-check)?\\b|--force-publish\\b"
              + "|(?:ignore|skip|bypass|override)_embargo\\w*\\W{1,4}(?:true|1)\\b"
              + "|override_\\w*lock\\W{1,4}(?:true|1)\\b|poll_close_lock\\W{1,4}(?:false|0|null)\\b"
              + "|\\bembargo(?:_until|_at|_time|ed_until)?\\W{1,4}(?:null|none|false|now)\\b"
              + "|\\bembargo(?:_until|_at|_time|ed_until)?\\s*=\\s*(?:timezone\\.|datetime\\.|django\\.utils\\.timezone\\.)?"
              + "now\\(\\)|\\bembargo(?:_until|_at|_time|ed_until)?\\s*=\\s*(?:null|none|current_timestamp)\\b"
              + "|legal[-_]?hold\\W{1,4}(?:false|0|null|none|off)\\b|--(?:clear|lift|release|remove)"
              + "-legal-hold\\b|--no-legal-hold\\b|injunction\\w*\\W{1,4}(?:false|null|none|lifted)\\b"
              + "|--ignore-injunction\\b|\\bpublish_exit_poll\\W{1,4}true\\b");

  static String safeguardOverridden(Scan scan) {
    String acting = NewsroomPredicates.acting(scan);
    return NewsroomPredicates.first(OVERRIDES, acting);
  }

  // ---- A story's status changed on the live CMS ----

  /** WP-CLI's, Drupal's and a CMS's status changes of a story. */
  private static final Pattern STATUS_CHANGE =
      Pattern.compile(
          "\\bwp\\s+(?:[^|;&\\n]*\\s)?post\\s+(?:update|create)\\b[^|;&\\n]*--post_status=['\"]?"
              + "(?:publish|future|private|draft|trash|pending)\\b|\\bwp\\s+(?:[^|;&\\n]*\\s)?post\\s+delete\\b"
              + "|\\bwp\\s+(?:[^|;&\\n]*\\s)?eval\\b[^|;&\\n]*wp_(?:publish_post|update_post|trash_post"
              + "|delete_post|insert_post)\\b|\\bdrush\\b[^|;&\\n]*(?:setpublished|setunpublished"
              + "|node:publish|entity:delete)|/ghost/api/admin/posts/[^\\s'\"]*['\"\\s][^|;&\\n]*"
              + "\\bstatus\\W{1,4}published\\b|/entries/[\\w-]+/published\\b|/revision/published\\b"
              + "|/wp-json/wp/v2/(?:posts|pages)/\\d+[^|;&\\n]*(?:\\bstatus\\W{1,4}(?:publish|future|private"
              + "|trash)\\b|-x\\s*['\"]?delete\\b)");

  /** A live site the command reaches: a production alias, an SSH target, a site's URL. */
  private static final Pattern LIVE_SITE =
      Pattern.compile(
          "\\bvip\\s+@[\\w.-]*\\b(?:prod|production|live)\\b|\\s--ssh=|\\s@(?:prod|production|live)\\b"
              + "|--url=['\"]?https://|--uri=['\"]?https://|\\bdrush\\s+@(?:prod|production|live)\\w*"
              + "|https://[\\w.-]+/ghost/api/admin/|https://[\\w.-]+/wp-json/|cdn\\.contentful\\.com|api\\.contentful\\.com"
              + "|\\.arcpublishing\\.com");

  /** A CMS's server among the tools. */
  private static final Pattern CMS_TOOL =
      Pattern.compile(
          "^mcp__(?:[\\w-]*[_-])?(?:wordpress|wp|arc|arcxp|ghost|contentful|sanity|drupal|brightspot"
              + "|strapi|storyblok|cms|newsroom|wagtail|prismic)(?:[_-][\\w-]*)?__");

  /** A tool's call that publishes, unpublishes or deletes a story. */
  private static final Pattern TOOL_PUBLISHES =
      Pattern.compile(
          "__(?:publish|unpublish|schedule|trash|delete)\\w*|\\bstatus\\W{1,4}(?:publish|published"
              + "|future|trash|private)\\b|workflow_status\\W{1,4}published\\b");

  /** A shell call {@link #storyPublished} may find something in: the live site named. */
  static final CallClues LIVE_SITE_NAMED = CallClues.of(LIVE_SITE);

  static String storyPublished(Scan scan) {
    String tool = NewsroomPredicates.tool(scan);
    if (!tool.isEmpty()) {
      if (!NewsroomPredicates.finds(CMS_TOOL, tool)) {
        return null;
      }
      String text = NewsroomPredicates.acting(scan);
      String published = NewsroomPredicates.first(TOOL_PUBLISHES, tool + " " + text);
      return text != null && published != null ? tool + ": " + published : null;
    }
    String whole = NewsroomPredicates.whole(scan);
    if (!NewsroomPredicates.finds(LIVE_SITE, whole)) {
      return null;
    }
    String acting = NewsroomPredicates.acting(scan);
    return NewsroomPredicates.first(STATUS_CHANGE, acting);
  }

  // ---- A post on the organisation's social accounts ----

  private static final Pattern SOCIAL_API =
      Pattern.compile(
          "\\btwurl\\b[^|;&\\n]*(?:-x\\s*['\"]?post|\\s-d\\s)[^|;&\\n]*(?:/2/tweets|statuses/update)"
              + "|\\btwurl\\b[^|;&\\n]*(?:/2/tweets|statuses/update)[^|;&\\n]*\\s-d\\s|api\\.(?:twitter|x)\\.com/2/tweets\\b"
              + "|graph\\.facebook\\.com/[^\\s'\"]*/(?:feed|photos|videos|live_videos|media_publish)\\b"
              + "|api\\.telegram\\.org/bot[^/\\s]*/send(?:message|photo|video|document|mediagroup)\\b"
              + "[^|;&\\n]*chat_id\\W{1,4}(?:@\\w+|-100\\d+)|api\\.linkedin\\.com/(?:v2/ugcposts|v2/shares"
              + "|rest/posts)\\b|com\\.atproto\\.repo\\.createrecord|/api/v1/statuses\\b"
              + "|graph\\.threads\\.net/[^\\s'\"]*/threads_publish|\\btoot\\s+post\\b|\\bbsky\\s+post\\b"
              + "|\\.create_tweet\\s*\\(|\\.update_status\\s*\\(|\\.v2\\.tweet\\s*\\(");

  /** A social network's or a scheduler's server among the tools, and a tool that posts. */
  private static final Pattern SOCIAL_TOOL =
      Pattern.compile(
          "^mcp__(?:[\\w-]*[_-])?(?:twitter|x|telegram|bluesky|bsky|mastodon|linkedin|facebook|instagram"
              + "|threads|buffer|hootsuite|social|tiktok)(?:[_-][\\w-]*)?__(?:post|tweet|send|create_post"
              + "|publish|create_tweet|reply|share)\\w*");

  static String socialPosted(Scan scan) {
    String tool = NewsroomPredicates.tool(scan);
    if (!tool.isEmpty()) {
      return NewsroomPredicates.finds(SOCIAL_TOOL, tool) && NewsroomPredicates.acting(scan) != null
          ? tool
          : null;
    }
    String acting = NewsroomPredicates.acting(scan);
    return NewsroomPredicates.first(SOCIAL_API, acting);
  }

  // ---- A story put on a syndication exchange or a news aggregator ----

  private static final Pattern SYNDICATION_FORMAT =
      Pattern.compile("newsml|ninjs|\\bnitf\\b|syndicat\\w*|\\bwire[-_]?feed");

  private static final Pattern PUTS =
      Pattern.compile(
          "\\bm?put\\s|\\bmirror\\s+-r\\b|--upload-file\\b|\\s-t\\s|\\brclone\\s+(?:copy|sync|move)\\b"
              + "|\\bscp\\s|\\bs3\\s+cp\\b|\\bgsutil\\s+cp\\b|-x\\s*['\"]?(?:post|put)\\b"
              + "|news-api\\.apple\\.com/channels/[^\\s'\"]*/articles");

  static String syndicated(Scan scan) {
    String acting = NewsroomPredicates.acting(scan);
    if (acting == null || !NewsroomPredicates.finds(SYNDICATION_FORMAT, acting)) {
      return null;
    }
    String put = NewsroomPredicates.first(PUTS, acting);
    return put != null ? "a story's feed sent (" + put + ")" : null;
  }
}
