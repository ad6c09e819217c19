package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The project's files that hold a broadcast's or a licence's protections, as the {@code newsroom}
 * rules read a change to them (decision 142): captions taken out of packaging, a broadcast delay at
 * zero or its dump button off, a screener's watermark off, a licence policy without output
 * protection, a parental PIN not asked, comments no longer pre-moderated, a territory check paused,
 * a podcast's subscribers moved to another host or its feed blocked from the directories ({@code
 * <itunes:block>Yes}). An edit tool's new text is read (what its old text held already is no
 * change), and so is an in-place edit by sed, perl or yq.
 */
final class NewsroomEdits {
  private NewsroomEdits() {}

  /** What takes a protection off, one alternative a protection. */
  private static final Pattern OFF =
      Pattern.compile(
          "#[^\\n]*\\b(?:captions?|subtitles?|closed[-_ ]captions?)\\b[^\\n]*\\b(?:removed|dropped|disabled"
              + "|skipped|taken out)\\b|\\b(?:captions?|subtitles?)(?:_enabled|_tracks?|_step)\\W{1,4}"
              + "(?:(?:false|off|none|no)\\b|\\[\\s*\\])|--(?:no|skip)-(?:captions|subtitles)\\b"
              + "|\\bdump(?:_button)?_enabled\\W{1,4}(?:false|off|0)\\b"
              + "|\\b(?:forensic_|visible_|session_)?watermark(?:ing)?(?:_enabled)?\\W{1,4}(?:false|off|none|0)\\b"
              + "|\\bnexguard\\w*\\W{1,4}(?:false|off)\\b|\\bhdcp\\W{1,6}(?:hdcp_none|none|off|false)\\b"
              + "|\\brequire_hdcp\\W{1,4}false\\b|allow_unverified_platform\\W{1,4}true\\b"
              + "|\\bparental\\w*\\W{1,4}(?:required|enabled)?\\W{0,4}false\\b"
              + "|\\bpre_?moderation\\w*\\W{1,4}(?:false|off)\\b|premod\\w*\\W{1,4}false\\b"
              + "|\\bmoderation\\W{1,4}post\\b|\\bgeo[-_]?(?:block|check|restrict|fenc|lock)\\w*\\W{1,4}"
              + "(?:false|off|none|disabled|paused)\\b|<itunes:new-feed-url>[^<]*</itunes:new-feed-url>"
              + "|<itunes:block>\\s*yes\\s*</itunes:block>|itunes:new-feed-url\\s+-v\\s+\\S+");

  /** A broadcast delay at zero, read where the text is about a live programme's delay unit. */
  private static final Pattern DELAY =
      Pattern.compile(
          "\\b(?:broadcast_|profanity_)?delay(?:_seconds|_secs|_ms)?\\W{1,4}0(?![\\d.])");

  private static final Pattern LIVE_AIR =
      Pattern.compile(
          "broadcast|profanity|\\bdump\\b|dump_button|phone-?in|on[-_ ]air|radio|bd600|/live/"
              + "|delay\\.(?:ya?ml|json|toml)");

  /** A project's test or fixture file: its settings are the tests'. */
  private static final Pattern TEST_FILE =
      Pattern.compile(
          "(?:^|/)(?:tests?|spec|__tests__|fixtures|testdata)/|_test\\.|\\.test\\.|test_");

  static String protectionEdited(Scan scan) {
    if (NewsroomPredicates.shell(scan)) {
      return inPlace(scan);
    }
    CallForRules call = scan.call();
    if (call == null) {
      return null;
    }
    return EditCalls.read(call, NewsroomEdits::changed);
  }

  private static String changed(String old, String now, List<String> files) {
    String file = files.isEmpty() ? "" : files.get(0);
    if (PatternLiterals.finds(TEST_FILE, file) || now.length() > 256 * 1024) {
      return null;
    }
    String lowerNow = now.toLowerCase(Locale.ROOT);
    String lowerOld = old.toLowerCase(Locale.ROOT);
    String found = fresh(OFF, lowerNow, lowerOld);
    if (found == null && PatternLiterals.finds(LIVE_AIR, file + " " + lowerNow)) {
      found = fresh(DELAY, lowerNow, lowerOld);
    }
    return found != null ? file + ": " + oneLine(found) : null;
  }

  /** The first match in the new text the old text did not hold, or {@code null}. */
  private static String fresh(Pattern pattern, String now, String old) {
    Matcher off = PatternLiterals.matcher(pattern, now);
    while (off.find()) {
      if (!old.contains(off.group())) {
        return off.group();
      }
    }
    return null;
  }

  private static final Pattern IN_PLACE =
      Pattern.compile(
          "\\b(?:sed|perl|yq|gsed)\\s+(?:[^|;&\\n]*\\s)?-(?:i|[0-9]?pi|i\\.bak)\\b|--in-place\\b"
              + "|\\bxmlstarlet\\s+ed\\s+(?:[^|;&\\n]*\\s)?(?:-[lL]|--inplace)\\b");

  /**
   * The texts one of which {@link #IN_PLACE} holds (gsed holds sed): its two-letter yq leaves it to
   * no literal gate, and its regex was tried at every place of every shell call.
   */
  private static final String[] IN_PLACE_TEXTS = {"sed", "perl", "yq", "--in-place", "xmlstarlet"};

  private static String inPlace(Scan scan) {
    String text = NewsroomPredicates.whole(scan);
    if (text == null
        || !CodeArguments.containsAny(text, IN_PLACE_TEXTS)
        || !NewsroomPredicates.finds(IN_PLACE, text)) {
      // a policy written by its service's API: a licence proxy's, a player's, a CDN's
      String acting = NewsroomPredicates.acting(scan);
      text = acting != null && NewsroomPredicates.finds(HTTP_WRITE, acting) ? acting : null;
    }
    if (text == null || NewsroomPredicates.notReal(text)) {
      return null;
    }
    String found = NewsroomPredicates.first(OFF, text);
    if (found == null && NewsroomPredicates.finds(LIVE_AIR, text)) {
      found = NewsroomPredicates.first(DELAY, text);
    }
    return found != null ? "in place: " + oneLine(found) : null;
  }

  private static final Pattern HTTP_WRITE =
      Pattern.compile(
          "-x\\s*['\"]?(?:put|patch|post)\\b|\\.(?:put|patch)\\s*\\(|\\bhttp\\s+(?:put|patch)\\b");

  private static String oneLine(String text) {
    String line = text.replace('\n', ' ').strip();
    return line.length() > 120 ? line.substring(0, 120) + "…" : line;
  }
}
