package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * A newsroom's record as the {@code newsroom} rules read it (decision 142): the corrections it
 * published hidden or deleted, the archive's masters deleted, its pictures' credits and dates
 * rewritten, the channel's published videos deleted, subscribers' viewing sent out.
 */
final class NewsroomArchive {
  private NewsroomArchive() {}

  // ---- A published correction hidden ----

  private static final Pattern CORRECTION_HIDDEN =
      Pattern.compile(
          "(?:delete\\s+from|truncate(?:\\s+table)?|drop\\s+table(?:\\s+if\\s+exists)?)\\s+[\\w.\"]*"
              + "(?:corrections?|clarifications?|retractions?|errata|amendments)\\b"
              + "|update\\s+[\\w.\"]*(?:corrections?|clarifications?|retractions?)\\b[^;]{0,300}\\bset\\b"
              + "[^;]{0,300}(?:visible|published|is_public|public|active|display\\w*|hidden|deleted\\w*|status)\\s*="
              + "|-x\\s*['\"]?delete\\b[^|;&\\n]*/(?:corrections?|clarifications?)\\b"
              + "|/(?:corrections?|clarifications?)/[^\\s'\"]*['\"\\s][^|;&\\n]*-x\\s*['\"]?delete\\b"
              + "|\\bwp\\s+(?:[^|;&\\n]*\\s)?post\\s+meta\\s+(?:delete|update)\\b[^|;&\\n]*correction"
              + "|__\\w*(?:delete|remove|hide|unpublish)\\w*correction|__\\w*correction\\w*(?:delete|remove|hide)"
              + "|\"corrections?\"\\W{1,4}\\[\\s*\\]|corrections?\\.objects[^|;&\\n]*\\.delete\\(\\)"
              + "|corrections?\\.(?:destroy_all|delete_all)\\b|\\.corrections\\.clear\\(\\)"
              + "|show_corrections?\\W{1,4}false\\b|correction_notice\\W{1,4}(?:null|false|\"\")");

  static String correctionHidden(Scan scan) {
    return NewsroomPredicates.first(CORRECTION_HIDDEN, NewsroomPredicates.acting(scan));
  }

  // ---- The archive's masters deleted ----

  private static final Pattern DELETES_STORED =
      Pattern.compile(
          "\\b(?:aws\\s+s3\\s+(?:rm|mv)|aws\\s+s3api\\s+delete-objects?|gsutil\\s+(?:-m\\s+)?(?:rm|mv)"
              + "|gcloud\\s+storage\\s+rm|rclone\\s+(?:delete|purge|deletefile)|mc\\s+rm|azcopy\\s+remove"
              + "|s3cmd\\s+(?:del|rm))\\b[^|;&\\n]*(?:masters?\\b|mezzanine|preservation|camera[-_]originals)"
              + "|\\.delete_objects?\\s*\\([^)]{0,200}(?:masters?\\b|mezzanine|preservation)");

  static String mastersDeleted(Scan scan) {
    return NewsroomPredicates.first(DELETES_STORED, NewsroomPredicates.acting(scan));
  }

  // ---- The archive's metadata rewritten ----

  /** A picture's credit, rights, byline or dates written or stripped by exiftool or exiv2. */
  private static final Pattern CREDITS_WRITTEN =
      Pattern.compile(
          "\\bexiftool\\b[^|;&\\n]*(?:[\\s'\"]-all=|[\\s'\"]-(?:[\\w-]+:)?(?:artist|creator|by-?line|credit|copyright\\w*"
              + "|rights|usageterms|webstatement|source|caption-abstract|headline|datetimeoriginal"
              + "|createdate|alldates)\\s*[+-]?=)|\\bexiv2\\b[^|;&\\n]*"
              + "-m\\w*\\s*['\"]?(?:set|del)\\s+(?:iptc|xmp|exif)\\.\\S*(?:byline|credit|copyright|artist"
              + "|creator|rights)");

  /** Where the archive lies: its library, its masters, its originals, a bucket. */
  private static final Pattern ARCHIVE_PLACE =
      Pattern.compile(
          "archive|masters?\\b|originals|/library/|/collection|\\bdam\\b|s3://|gs://|/mnt/|/srv/|/nas/");

  /** A bucket's lifecycle set on the archive: objects expired or moved on a schedule. */
  private static final Pattern LIFECYCLE =
      Pattern.compile(
          "(?:put-bucket-lifecycle(?:-configuration)?|gsutil\\s+lifecycle\\s+set|gcloud\\s+storage\\s+"
              + "buckets\\s+update\\b[^|;&\\n]*--lifecycle-file)\\b[^|;&\\n]*(?:masters?\\b|mezzanine"
              + "|archive|preservation|originals)");

  /** An asset library's credits rewritten in bulk. */
  private static final Pattern DAM_CREDITS =
      Pattern.compile(
          "/assets/bulk\\b[^|;&\\n]*\"(?:credit|byline|copyright|photographer|creator|source)\"\\W{1,4}"
              + "|\"(?:credit|byline|copyright|photographer|creator)\"\\W{1,4}[^|;&\\n]*/assets/bulk\\b");

  static String metadataRewritten(Scan scan) {
    String acting = NewsroomPredicates.acting(scan);
    String found = NewsroomPredicates.first(LIFECYCLE, acting);
    if (found == null) {
      found = NewsroomPredicates.first(DAM_CREDITS, acting);
    }
    if (found == null && NewsroomPredicates.shell(scan)) {
      // exiftool is read as a reader: its writes are read from the whole command
      String whole = NewsroomPredicates.whole(scan);
      String credits = NewsroomPredicates.first(CREDITS_WRITTEN, whole);
      found = credits != null && NewsroomPredicates.finds(ARCHIVE_PLACE, whole) ? credits : null;
    }
    return found;
  }

  // ---- The channel's published videos deleted ----

  private static final Pattern VIDEO_PLATFORM =
      Pattern.compile(
          "youtube/v3/videos\\b|\\.videos\\(\\)\\.delete\\(|api\\.vimeo\\.com/videos/|cms\\.api\\.brightcove"
              + "\\.com/v1/accounts/[^\\s'\"]*/videos/|api\\.jwplayer\\.com/v2/sites/[^\\s'\"]*/media/"
              + "|api\\.dailymotion\\.com/video/|api\\.transistor\\.fm/v1/episodes/|api\\.mux\\.com/video/v1/assets/"
              + "|\\bvimeo\\b[^|;&\\n]*\\bdelete\\b");

  private static final Pattern DELETE =
      Pattern.compile(
          "-x\\s*['\"]?delete\\b|--request\\s+['\"]?delete\\b|method-override:\\s*delete\\b"
              + "|\\.delete\\(|method\\W{1,4}delete\\b|\\bdelete\\s+https?://");

  static String videoDeleted(Scan scan) {
    String acting = NewsroomPredicates.acting(scan);
    String platform = NewsroomPredicates.first(VIDEO_PLATFORM, acting);
    if (platform == null) {
      return null;
    }
    String delete = NewsroomPredicates.first(DELETE, acting);
    return delete != null ? platform + " (" + delete + ")" : null;
  }

  // ---- Subscribers' viewing sent out ----

  private static final Pattern VIEWING =
      Pattern.compile(
          "watch_history|viewing_history|watch_events|playback_events|view_events|viewing_activity"
              + "|continue_watching|watch_sessions|listening_history|viewing[-_]data|viewership_by_user");

  private static final Pattern SENT_TO =
      Pattern.compile(
          "\\bbq\\s+extract\\b[^|;&\\n]*gs://|\\bcopy\\b[^;]{0,400}\\bto\\s+'?(?:s3|gs)://|\\bunload\\s*\\("
              + "|\\bexport\\s+data\\b[^;]{0,300}uri\\W{1,4}(?:gs|s3)://|\\b(?:s3\\s+cp|gsutil\\s+cp|rclone\\s+(?:copy"
              + "|sync|copyto))\\b[^|;&\\n]*(?:s3://|gs://|\\s[\\w-]+:)|\\s-f\\s+['\"]?\\w+=@|--upload-file\\b"
              + "|--data-binary\\s+@|\\bscp\\s[^|;&\\n]*\\S+@\\S+:|\\bsftp://|\\bmput\\s");

  static String viewingSentOut(Scan scan) {
    String acting = NewsroomPredicates.acting(scan);
    String viewing = NewsroomPredicates.first(VIEWING, acting);
    if (viewing == null) {
      return null;
    }
    String to = NewsroomPredicates.first(SENT_TO, acting);
    return to != null ? viewing + " sent out (" + to + ")" : null;
  }
}
