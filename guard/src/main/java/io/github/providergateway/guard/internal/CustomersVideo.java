package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Customers' camera video taken out of the place that keeps it (decision 206, {@code
 * privacy.customers-video-out}): a playback URL of a camera's stream minted ({@code aws
 * kinesis-video-archived-media get-hls-streaming-session-url}, its SDK call in inline code), a link
 * presigned to a recorded clip of an account, clips copied out of the bucket that keeps them (to
 * this machine or into another bucket), a device's live snapshot fetched. Whoever holds the URL,
 * the link or the copy watches inside a home with no grant and no audit. A test's or a lab's
 * camera, a build's file, a marketing video, a listing and a dry run are none of it.
 */
final class CustomersVideo {
  private CustomersVideo() {}

  /** Kinesis Video's calls that hand out what a camera sees, by the CLI's service and verb. */
  private static final Map<String, Set<String>> PLAYBACK =
      Map.of(
          "kinesis-video-archived-media",
          Set.of(
              "get-hls-streaming-session-url",
              "get-dash-streaming-session-url",
              "get-clip",
              "get-media-for-fragment-list",
              "get-images"),
          "kinesis-video-media",
          Set.of("get-media"));

  /** The same calls made by the SDK in inline code. */
  private static final Pattern PLAYBACK_CODE =
      Pattern.compile(
          "\\b(?:get_hls_streaming_session_url|get_dash_streaming_session_url|get_clip"
              + "|get_media_for_fragment_list|get_images|getHLSStreamingSessionURL"
              + "|GetHLSStreamingSessionURLCommand|GetClipCommand)\\b");

  /** A stream's name given to the SDK: {@code StreamName='cam-HHIN-2B90E4'}. */
  private static final Pattern STREAM_IN_CODE =
      Pattern.compile("StreamName\\s*[=:]\\s*['\"]([^'\"]{1,200})['\"]");

  /** The options whose value is a stream's name. */
  private static final Set<String> STREAM_OPTIONS = Set.of("--stream-name", "--stream-arn");

  /** The global options of aws that take a value, before its service. */
  private static final Set<String> AWS_VALUED =
      Set.of("--profile", "--region", "--endpoint-url", "--output", "--query", "--color");

  /** The parts of a bucket's or a key's name that say recorded video. */
  private static final Set<String> MEDIA =
      NameSet.of("clips", "recordings", "footage", "cctv", "videos", "video", "doorbell");

  /** The parts of a key that say whose: an account, a customer, a home. */
  private static final Set<String> WHOSE =
      NameSet.of(
          "acct",
          "accts",
          "account",
          "accounts",
          "customer",
          "customers",
          "user",
          "users",
          "home",
          "homes",
          "household",
          "households",
          "subscriber",
          "subscribers");

  /** The copiers of a bucket, each with the command words before its sources. */
  private static final Map<String, List<String>> COPIERS =
      Map.of("aws", List.of("s3"), "gsutil", List.of(), "gcloud", List.of("storage"));

  /** A device's camera asked for what it sees now, in a URL's path. */
  private static final Pattern LIVE_FRAME =
      Pattern.compile(
          "(?i)/(?:devices?|cameras?|cams?)/([^/?#{}:]+)/(?:snapshot|live|stream|frame)s?(?:[/?.#]|$)");

  private static final Pattern NOT_WORD = Pattern.compile("[^a-z0-9]+");

  /** What of customers' video the call takes out, as the reason shows it, or {@code null}. */
  static String out(Scan scan) {
    if (scan.source() == null) {
      JsonNode args = scan.call().args();
      String url = args == null ? "" : args.path("url").asText("");
      return liveFrame(url) ? "a camera's live frame fetched from " + Hosts.of(url) : null;
    }
    for (Step step : scan.steps()) {
      String found = outOf(step);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static String outOf(Step step) {
    String program = step.program();
    if (program == null) {
      return null;
    }
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      if (code == null
          || code.length() > RegulatedData.MAX_TEXT
          || !code.contains("kinesis")
          || !PatternLiterals.finds(PLAYBACK_CODE, code)) {
        return null;
      }
      Matcher stream = STREAM_IN_CODE.matcher(code);
      while (stream.find()) {
        if (testCamera(stream.group(1))) {
          return null;
        }
      }
      return "a camera's stream handed out by the SDK";
    }
    if (program.equals("curl") || program.equals("wget")) {
      for (Word word : step.args()) {
        if (liveFrame(word.text())) {
          return "a camera's live frame fetched from " + Hosts.of(word.text());
        }
      }
      return null;
    }
    if (!COPIERS.containsKey(program)) {
      return null;
    }
    List<Word> operands = CopierOptions.operands(step);
    if (program.equals("aws")) {
      String stream = playback(step);
      if (stream != null) {
        return "a playback URL of the camera " + stream;
      }
    }
    if (DryRuns.in(step.args())
        || step.args().stream().anyMatch(w -> w.text().equals("--dryrun"))) {
      return null;
    }
    List<String> before = COPIERS.get(program);
    if (operands.size() < before.size() + 2) {
      return null;
    }
    for (int i = 0; i < before.size(); i++) {
      if (!operands.get(i).text().equals(before.get(i))) {
        return null;
      }
    }
    String verb = operands.get(before.size()).text();
    Word source = operands.get(before.size() + 1);
    if (verb.equals("presign")) {
      return customersMedia(source.text(), false) ? "a link presigned to " + source.text() : null;
    }
    boolean copies = Set.of("cp", "sync", "mv", "rsync").contains(verb);
    if (!copies || operands.size() < before.size() + 3 || !customersMedia(source.text(), true)) {
      return null;
    }
    String destination = operands.get(operands.size() - 1).text();
    return bucket(destination).equals(bucket(source.text()))
        ? null // moved within the bucket that keeps them
        : "customers' recordings copied out of " + source.text();
  }

  /** The stream a Kinesis Video playback call names, not a test's, or {@code null}. */
  private static String playback(Step step) {
    List<Word> args = step.args();
    int service = -1;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (AWS_VALUED.contains(text)) {
        i++;
      } else if (!text.startsWith("-")) {
        service = i;
        break;
      }
    }
    if (service < 0 || service + 1 >= args.size()) {
      return null;
    }
    Set<String> verbs = PLAYBACK.get(args.get(service).text());
    if (verbs == null || !verbs.contains(args.get(service + 1).text())) {
      return null;
    }
    for (int i = service + 2; i + 1 < args.size(); i++) {
      if (STREAM_OPTIONS.contains(args.get(i).text())) {
        String stream = args.get(i + 1).text();
        return testCamera(stream) ? null : stream;
      }
    }
    return "named by its ARN";
  }

  /**
   * Whether a bucket's URL names customers' recorded video: a part of it says recordings, none says
   * a test's, a sample or public, and the key names whose they are ({@code acct/88412/…}), or, for
   * a copy, is the bucket's root (every account at once).
   */
  static boolean customersMedia(String url, boolean rootCounts) {
    String lower = url.toLowerCase(Locale.ROOT);
    if (!lower.startsWith("s3://") && !lower.startsWith("gs://") || lower.length() > 1024) {
      return false;
    }
    String path = lower.substring(5);
    int slash = path.indexOf('/');
    String key = slash < 0 ? "" : path.substring(slash + 1);
    boolean media = false;
    boolean whose = false;
    for (String part : NOT_WORD.split(path)) {
      if (RegulatedData.UNMARKS.contains(part) || Environments.testName(part)) {
        return false;
      }
      media |= MEDIA.contains(part);
    }
    for (String part : NOT_WORD.split(key)) {
      whose |= WHOSE.contains(part);
    }
    return media && (whose || rootCounts && key.isEmpty());
  }

  /** A bucket's URL's scheme and bucket ({@code s3://hh-clips-use1}), or the empty text. */
  private static String bucket(String url) {
    int scheme = url.indexOf("://");
    if (scheme < 0) {
      return "";
    }
    int slash = url.indexOf('/', scheme + 3);
    return (slash < 0 ? url : url.substring(0, slash)).toLowerCase(Locale.ROOT);
  }

  /** Whether a stream's or the code's camera is a test's or a lab's. */
  private static boolean testCamera(String text) {
    for (String part : NOT_WORD.split(text.toLowerCase(Locale.ROOT))) {
      if (part.equals("lab") || part.equals("demo") || Environments.testName(part)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a URL asks a device's camera, on a host not this machine's, for what it sees now. */
  private static boolean liveFrame(String url) {
    if (!url.contains("://") || url.length() > 2048) {
      return false;
    }
    Matcher frame = LIVE_FRAME.matcher(url);
    String host = Hosts.of(url);
    return frame.find()
        && host != null
        && !Hosts.loopback(host)
        && !Environments.localHost(host)
        && !testCamera(frame.group(1));
  }
}
