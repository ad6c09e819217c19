package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code newsroom} rules ask of a call (issue 80 round 10, decision 142): a
 * newsroom's and a streaming service's acts as the trade spells them, read from the call's text as
 * the {@code records} rules read it ({@link RecordsCall}: its acting programs, none where the call
 * says dry run, validation, this machine or a vendor's test tenant). Live channels and playout
 * ({@link NewsroomLive}), stories, alerts and posts published ({@link NewsroomPublishing}), sources
 * and viewers ({@link NewsroomSources}), rights, keys and moderation ({@link NewsroomRights}), and
 * the project's files that hold a broadcast's or a licence's protections ({@link NewsroomEdits}).
 */
final class NewsroomPredicates {
  private NewsroomPredicates() {}

  /** Adds each predicate of the whole call under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put(
        "newsroom-live-output-stopped", NewsroomLive.STOPPED.around(NewsroomLive::outputStopped));
    named.put("newsroom-live-ingest-published", NewsroomLive::ingestPublished);
    named.put("newsroom-ads-repointed", NewsroomLive::adsRepointed);
    named.put(
        "newsroom-transcodes-in-bulk",
        NewsroomLive.TRANSCODED.around(NewsroomLive::transcodesInBulk));
    named.put("newsroom-alert-to-everyone", NewsroomPublishing::alertToEveryone);
    named.put("newsroom-safeguard-overridden", NewsroomPublishing::safeguardOverridden);
    named.put(
        "newsroom-story-published",
        NewsroomPublishing.LIVE_SITE_NAMED.around(NewsroomPublishing::storyPublished));
    named.put("newsroom-social-posted", NewsroomPublishing::socialPosted);
    named.put("newsroom-syndicated", NewsroomPublishing::syndicated);
    named.put(
        "newsroom-source-exposed",
        NewsroomSources.SOURCE_FILE_NAMED.around(NewsroomSources::sourceExposed));
    named.put(
        "newsroom-source-identified",
        NewsroomSources.TIPS_NAMED.around(NewsroomSources::sourceIdentified));
    named.put(
        "newsroom-viewing-looked-up",
        NewsroomSources.VIEWING_NAMED.around(NewsroomSources::viewingLookedUp));
    named.put("newsroom-person-located", NewsroomSources::personLocated);
    named.put("newsroom-material-handed-over", NewsroomSources::materialHandedOver);
    named.put("newsroom-rights-broken", NewsroomRights::rightsBroken);
    named.put("newsroom-keys-replaced", NewsroomRights::keysReplaced);
    named.put("newsroom-moderation-off", NewsroomRights::moderationOff);
    named.put("newsroom-content-claimed", NewsroomRights::contentClaimed);
    named.put(
        "newsroom-agency-media-scraped",
        NewsroomRights.AGENCY_NAMED.around(NewsroomRights::agencyMediaScraped));
    named.put("newsroom-protection-edited", NewsroomEdits::protectionEdited);
    named.put("newsroom-schedule-emptied", NewsroomLive::scheduleEmptied);
    named.put(
        "newsroom-live-output-switched",
        NewsroomLive.SWITCHED.around(NewsroomLive::outputSwitched));
    named.put("newsroom-cdn-changed", NewsroomLive::cdnChanged);
    named.put(
        "newsroom-keys-read", NewsroomRights.KEY_STORE_NAMED.around(NewsroomRights::keysRead));
    named.put("newsroom-correction-hidden", NewsroomArchive::correctionHidden);
    named.put("newsroom-masters-deleted", NewsroomArchive::mastersDeleted);
    named.put("newsroom-metadata-rewritten", NewsroomArchive::metadataRewritten);
    named.put("newsroom-video-deleted", NewsroomArchive::videoDeleted);
    named.put("newsroom-viewing-sent-out", NewsroomArchive::viewingSentOut);
  }

  /** The first match of a pattern in a text, as the reason shows it, or {@code null}. */
  static String first(Pattern pattern, String text) {
    if (text == null || text.isEmpty()) {
      return null;
    }
    Matcher found = PatternLiterals.matcher(pattern, text);
    return found.find() ? found.group().strip() : null;
  }

  /** Whether a pattern finds something in a text. */
  static boolean finds(Pattern pattern, String text) {
    return text != null && !text.isEmpty() && PatternLiterals.finds(pattern, text);
  }

  /**
   * What says a call acts on nothing real: a dry run, a validation, this machine, a sandbox, a
   * vendor's test tenant ({@link TestEndpoints}).
   */
  private static final Pattern NOT_REAL =
      Pattern.compile(
          "--?dry[-_]?run\\b|\\bdry_?run[\"']?\\s*[:=]\\s*(?:true|1)|validate_?only[\"']?\\s*[:=]\\s*"
              + "(?:true|1)|--validate(?:-only)?\\b|\\blocalhost\\b|127\\.0\\.0\\.1|\\bsandbox"
              + "|--endpoint-url[= ]+['\"]?https?://(?:localhost|127\\.|localstack)"
              + "|--env(?:ironment)?[= ]+['\"]?(?:test|testing|dev|development|staging|local|qa|ci)\\b");

  /** Whether the text says it acts on nothing real. */
  static boolean notReal(String text) {
    return finds(NOT_REAL, text) || TestEndpoints.names(text);
  }

  /**
   * The text a rule reads of a call that acts: a shell command's acting programs' words (not its
   * readers and printers), a server's tool's name and arguments; {@code null} where nothing acts,
   * where the only programs are HTTP reads, or where the call says it is no real act.
   */
  static String acting(Scan scan) {
    String text = scan.once("NewsroomActing", NewsroomPredicates::actingText);
    return text.isEmpty() ? null : text;
  }

  private static String actingText(Scan scan) {
    String read = readActing(scan);
    return read == null ? "" : read;
  }

  private static String readActing(Scan scan) {
    if (!shell(scan)) {
      String tool = tool(scan);
      String text = whole(scan);
      return text.isEmpty()
              || !tool.contains("__")
              || PatternLiterals.finds(READING_TOOL, tool)
              || notReal(text)
          ? null
          : text;
    }
    RecordsCall call = RecordsCall.of(scan);
    if (call.acting().isEmpty() || RecordsCall.readsOnly(scan)) {
      return null;
    }
    String text = call.shell() ? call.actingText() : call.text();
    return notReal(text) ? null : text;
  }

  /**
   * The whole call's text in lower case: a shell command's, a server's tool's name and arguments
   * (an agent's own tools, which the file rules read, are no server's), or empty.
   */
  static String whole(Scan scan) {
    if (shell(scan)) {
      return RecordsCall.of(scan).text();
    }
    return scan.once("NewsroomTool", NewsroomPredicates::toolText);
  }

  private static String toolText(Scan scan) {
    CallForRules call = scan.call();
    String tool = tool(scan);
    if (call == null || !tool.contains("__") && !SEARCH_TOOLS.contains(tool)) {
      return "";
    }
    return RecordsCall.lower(tool + " " + call.args());
  }

  /** The agent's own search tools, whose query is read as a server's tool's arguments. */
  private static final java.util.Set<String> SEARCH_TOOLS = NameSet.of("websearch", "web_search");

  /** A server's tool that only reads: its name's last part begins with a reading verb. */
  private static final Pattern READING_TOOL =
      Pattern.compile(
          "__(?:get|list|read|search|fetch|find|describe|query|view|show|count|lookup|check|validate)"
              + "(?:_|$)");

  /** Whether the call is a shell command's. */
  static boolean shell(Scan scan) {
    return scan.source() != null;
  }

  /** A tool's name in lower case, or empty for a shell command. */
  static String tool(Scan scan) {
    CallForRules call = scan.call();
    return call == null || scan.source() != null ? "" : call.tool().toLowerCase(Locale.ROOT);
  }

  /** A loop over many: a shell loop, xargs, GNU parallel, a loop of code. */
  static final Pattern LOOP =
      Pattern.compile(
          "\\bwhile\\s+(?:ifs=\\S*\\s+)?read\\b|\\bxargs\\b|\\bparallel\\b|\\bfor\\s+\\w+\\s+in\\b"
              + "|\\.foreach\\(|\\bfor\\s*\\(\\s*(?:const|let|var)\\s+\\w+\\s+of\\b|\\.map\\(");
}
