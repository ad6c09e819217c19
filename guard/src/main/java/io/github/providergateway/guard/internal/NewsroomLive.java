package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A streaming service's live side as the {@code newsroom} rules read it (decision 142): a live
 * channel, its encoder, its playout or its streaming application taken off air; a clip published to
 * a live ingest; a channel's ads pointed elsewhere; the transcoding farm set to work on a whole
 * catalogue.
 */
final class NewsroomLive {
  private NewsroomLive() {}

  // ---- A live channel taken off air ----

  /** A cloud's live service stopped or deleted: by its CLI, its SDK, an assembled verb. */
  private static final Pattern CLOUD_STOPS =
      Pattern.compile(
          "\\b(?:medialive|ivs|mediaconnect|mediapackage(?:v2|-v2)?)\\b[^|;&\\n]{0,200}?\\b(?:stop-channel"
              + "|delete-channel|stop-multiplex|delete-multiplex|stop-stream|stop-flow|delete-flow"
              + "|reboot-input-device|delete-origin-endpoint|batch-stop)\\b"
              + "|\\bmedialive\\s+\"?\\$\\{?\\w+\\}?-(?:channel|multiplex)\\b"
              + "|\\blive-?stream\\s+channels\\s+(?:stop|delete)\\b");

  /** The same through an SDK: boto3, the JavaScript SDK's commands. */
  private static final Pattern SDK_STOPS =
      Pattern.compile(
          "\\.(?:stop_channel|delete_channel|stop_multiplex|batch_stop|stop_stream|stop_flow"
              + "|delete_flow)\\s*\\(|\\b(?:stopchannel|deletechannel|stopmultiplex|batchstop"
              + "|stopstream|stopflow)command\\b");

  /** The live services an SDK's stop is about. */
  private static final Pattern LIVE_SERVICE =
      Pattern.compile("medialive|\\bivs\\b|['\"]ivs['\"]|mediaconnect|mediapackage|client-ivs");

  /**
   * A streaming server's, a platform's or a playout's live output ended by its API: YouTube's
   * broadcast completed, Mux's live stream disabled, Wowza's application shut down, nginx-rtmp's
   * publisher dropped, a live input deleted.
   */
  private static final Pattern API_STOPS =
      Pattern.compile(
          "livebroadcasts/transition[^\\s'\"]*broadcaststatus=complete|broadcaststatus=complete[^\\s'\"]*"
              + "livebroadcasts|livebroadcasts\\(\\)\\.transition\\([^)]{0,200}complete"
              + "|/video/v1/live-streams/[\\w-]+/(?:disable|complete)\\b|\\bmux\\s+live-streams\\s+(?:disable"
              + "|complete|delete)\\b|/applications/[\\w.-]+/actions/(?:shutdown|restart)\\b"
              + "|/incomingstreams/[^/\\s]+/actions/(?:disconnectstream|resetstream)\\b"
              + "|/servers/[\\w.-]+/actions/(?:shutdown|restart)\\b|/control/drop/(?:publisher|client)\\b"
              + "|/stream/live_inputs/[\\w-]+['\"\\s]+-x\\s*delete|-x\\s*delete\\s+['\"]?https?://[^\\s'\"]*"
              + "/stream/live_inputs/");

  /** A playout's or an encoder's REST API told to stop a channel, with a write. */
  private static final Pattern REST_STOPS =
      Pattern.compile(
          "(?:playout|encoder|live|broadcast|\\btx\\b|channel)[^|;&\\n]*/channels?/[\\w-]+/(?:stop|off-?air"
              + "|blackout|kill)\\b");

  private static final Pattern HTTP_WRITE =
      Pattern.compile(
          "-x\\s*['\"]?(?:post|put|patch)\\b|\\s-d\\s|--data\\b|\\.(?:post|put)\\s*\\(");

  /** A playout server's control protocol (CasparCG's AMCP on 5250) told to play, stop or clear. */
  private static final Pattern PLAYOUT_COMMAND =
      Pattern.compile(
          "(?:^|['\"\\s\\\\n])(?:play|stop|clear|load|loadbg|swap|kill|restart|mixer\\s+\\d+(?:-\\d+)?"
              + "\\s+(?:opacity|volume))\\s+\\d+(?:-\\d+)?\\b");

  /** The programs that carry a playout's control protocol. */
  private static final Pattern PLAYOUT_CARRIER =
      Pattern.compile(
          "\\b(?:nc|ncat|netcat|telnet|socat)\\b[^|;&]*\\b5250\\b|:5250\\b|,\\s*5250\\)");

  /** A tunnel whose local end stands for a remote server. */
  private static final Pattern TUNNEL = Pattern.compile("\\bssh\\b[^|;&]*\\s-\\w*l\\s*\\d+:");

  /** This machine, unless a tunnel carries it elsewhere. */
  private static final Pattern HERE =
      Pattern.compile(
          "\\blocalhost\\b|127\\.0\\.0\\.1|--endpoint-url[= ]+['\"]?https?://localhost");

  /** A shell call {@link #outputStopped} may find something in: a stop's words. */
  static final CallClues STOPPED =
      CallClues.any(CLOUD_STOPS, SDK_STOPS, API_STOPS, REST_STOPS, PLAYOUT_COMMAND);

  static String outputStopped(Scan scan) {
    String text = NewsroomPredicates.whole(scan);
    if (text.isEmpty()) {
      return null;
    }
    boolean here = NewsroomPredicates.finds(HERE, text) && !NewsroomPredicates.finds(TUNNEL, text);
    String acting = NewsroomPredicates.acting(scan);
    if (acting != null) {
      String found = NewsroomPredicates.first(CLOUD_STOPS, acting);
      if (found == null
          && NewsroomPredicates.finds(LIVE_SERVICE, acting)
          && NewsroomPredicates.first(SDK_STOPS, acting) != null) {
        found = NewsroomPredicates.first(SDK_STOPS, acting);
      }
      if (found != null) {
        return found;
      }
    }
    if (here) {
      return null;
    }
    String api = NewsroomPredicates.first(API_STOPS, text);
    if (api != null) {
      return api;
    }
    String rest = NewsroomPredicates.first(REST_STOPS, acting);
    if (rest != null && NewsroomPredicates.finds(HTTP_WRITE, acting)) {
      return rest;
    }
    if (NewsroomPredicates.finds(PLAYOUT_CARRIER, text)) {
      String command = NewsroomPredicates.first(PLAYOUT_COMMAND, text);
      return command != null ? "playout told: " + command.replaceAll("^['\"\\\\n\\s]+", "") : null;
    }
    return null;
  }

  /** A channel's schedule or playlist emptied: the EPG's events, the playout's list. */
  private static final Pattern SCHEDULE_EMPTIED =
      Pattern.compile(
          "(?:epg|schedule|playlist|rundown|playout)[^|;&\\n]*\"(?:events|items|entries|playlist|programmes)\""
              + "\\W{1,4}\\[\\s*\\]|src=\\S*empty\\S*\\s+dest=\\S*(?:playout|schedules?|playlists?)");

  static String scheduleEmptied(Scan scan) {
    return NewsroomPredicates.first(SCHEDULE_EMPTIED, NewsroomPredicates.acting(scan));
  }

  // ---- A live output switched ----

  private static final Pattern SWITCHES =
      Pattern.compile(
          "\\bmedialive\\s+(?:[^|;&\\n]*\\s)?(?:batch-update-schedule|update-channel|update-channel-class"
              + "|update-input|update-multiplex)\\b|\\.batch_update_schedule\\s*\\(|\\.update_channel\\s*\\("
              + "|batchupdateschedulecommand\\b|\\bobs-cli\\b[^|;&\\n]*(?:scene\\s+(?:switch|current|set)"
              + "|stream\\s+(?:stop|start))|setcurrentprogramscene|\\b(?:stopstream|togglestream)\\b"
              + "|/api/?\\?[^\\s'\"]*function=(?:cut|fade|merge|overlayinput\\d\\w*|quickplay|stopstreaming"
              + "|startstreaming)\\b|livebroadcasts/bind\\b|\\bsplice_?insert\\b|\\bscte-?35\\b[^|;&\\n]*"
              + "(?:-x\\s*['\"]?(?:post|put)|--data|\\s-d\\s|inject)");

  /** A shell call {@link #outputSwitched} may find something in: one of its switches' words. */
  static final CallClues SWITCHED = CallClues.of(SWITCHES);

  static String outputSwitched(Scan scan) {
    // a vision mixer's API takes its functions by GET: the whole command is read
    String text =
        NewsroomPredicates.shell(scan)
            ? NewsroomPredicates.whole(scan)
            : NewsroomPredicates.acting(scan);
    return text == null || NewsroomPredicates.finds(HERE, text) || NewsroomPredicates.notReal(text)
        ? null
        : NewsroomPredicates.first(SWITCHES, text);
  }

  // ---- The CDN's delivery changed ----

  private static final Pattern CDN_CHANGES =
      Pattern.compile(
          "\\bfastly\\s+(?:service-version\\s+activate|backend\\s+(?:update|delete|create)|domain\\s+delete"
              + "|service\\s+delete)\\b|\\bcloudfront\\s+(?:update-distribution|delete-distribution"
              + "|disassociate-distribution-web-acl|associate-alias)\\b|\\bakamai\\s+(?:property(?:-manager)?"
              + "|pm)\\s+(?:activate|activate-version)\\b[^|;&\\n]*prod");

  static String cdnChanged(Scan scan) {
    return NewsroomPredicates.first(CDN_CHANGES, NewsroomPredicates.acting(scan));
  }

  // ---- A clip published to a live ingest ----

  private static final Set<String> ENCODERS =
      NameSet.of("ffmpeg", "gst-launch-1.0", "gst-launch", "obs-cli", "srt-live-transmit");

  /** A live ingest's address: RTMP, SRT or RIST with its host. */
  private static final Pattern INGEST =
      Pattern.compile("\\b(?:rtmps?|rtmpt|srt|rist)://([a-z0-9][a-z0-9.-]*)");

  /** A host that says test or development. */
  private static final Pattern TEST_HOST =
      Pattern.compile(
          "(?:^|[.-])(?:test|testing|staging|stage|dev|sandbox|qa|local)(?:[.-]|\\d|$)");

  static String ingestPublished(Scan scan) {
    if (!NewsroomPredicates.shell(scan)) {
      return null;
    }
    for (Step step : scan.steps()) {
      if (!ENCODERS.contains(step.program())) {
        continue;
      }
      List<Word> args = step.args();
      for (int i = 0; i < args.size(); i++) {
        String text = args.get(i).text().toLowerCase(Locale.ROOT);
        if (i > 0 && args.get(i - 1).text().equals("-i")) {
          continue; // an input: the ingest read, not fed
        }
        Matcher ingest = INGEST.matcher(text);
        while (ingest.find()) {
          String host = ingest.group(1);
          if (!Environments.localHost(host)
              && !host.startsWith("192.168.")
              && !PatternLiterals.finds(TEST_HOST, host)) {
            return step.program() + " publishing to " + ingest.group();
          }
        }
      }
    }
    return null;
  }

  // ---- A channel's ads pointed elsewhere ----

  private static final Pattern ADS =
      Pattern.compile(
          "\\bmediatailor\\s+(?:[^|;&\\n]*\\s)?(?:put|delete)-playback-configuration\\b"
              + "|\\.(?:put|delete)_playback_configuration\\s*\\(|\\b(?:put|delete)playbackconfigurationcommand\\b"
              + "|/playbackconfiguration/[\\w-]+['\"\\s]+-x\\s*(?:put|delete)");

  static String adsRepointed(Scan scan) {
    String acting = NewsroomPredicates.acting(scan);
    return NewsroomPredicates.first(ADS, acting);
  }

  // ---- The transcoding farm set on a whole catalogue ----

  private static final Pattern TRANSCODE_JOB =
      Pattern.compile(
          "\\b(?:mediaconvert|elastictranscoder)\\s+(?:[^|;&\\n]*\\s)?(?:create-job|cancel-job)\\b"
              + "|\\btranscoder\\s+jobs\\s+(?:create|delete)\\b|\\.create_job\\s*\\(|createjobcommand\\b"
              + "|\\bbitmovin\\b[^|;&\\n]*\\bencodings?\\b[^|;&\\n]*\\b(?:start|create)\\b"
              + "|api\\.mux\\.com/video/v1/assets");

  /** A shell call {@link #transcodesInBulk} may find something in: a transcoding job's words. */
  static final CallClues TRANSCODED = CallClues.of(TRANSCODE_JOB);

  static String transcodesInBulk(Scan scan) {
    String text = NewsroomPredicates.whole(scan);
    if (!NewsroomPredicates.finds(NewsroomPredicates.LOOP, text)) {
      return null;
    }
    String acting = NewsroomPredicates.acting(scan);
    String job = NewsroomPredicates.first(TRANSCODE_JOB, acting);
    return job != null ? job + ", once for each of a list" : null;
  }
}
