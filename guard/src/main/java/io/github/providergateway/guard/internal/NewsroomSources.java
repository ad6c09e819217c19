package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A newsroom's sources and a streaming service's viewers as the {@code newsroom} rules read them
 * (decision 142): a confidential source's material sent out of the newsroom, an anonymous tipster
 * tied to their address, a named subscriber's viewing looked up, a person's home searched for, the
 * newsroom's unbroadcast material handed to the police.
 */
final class NewsroomSources {
  private NewsroomSources() {}

  // ---- A source's material sent out ----

  /** Files that name a source: their notes, lists and contacts, a confidential interview. */
  private static final Pattern SOURCE_FILE =
      Pattern.compile(
          "[^\\s'\"=@,]*(?:source[-_ ]?notes|sources?[-_](?:list|contacts|names|details)"
              + "|(?:private|confidential|protected)/sources?/|/sources?/[^\\s'\"]*(?:contacts|names|notes)"
              + "|confidential/[^\\s'\"]*source|informants?[-_.]|whistle[-_]?blowers?[-_./]|tipsters?[-_./]"
              + "|/confidential/[^\\s'\"]*\\.(?:m4a|mp3|wav|docx?|pdf|txt|md|csv))[^\\s'\",]*");

  /**
   * What sends a file elsewhere: a form upload, a copy to a remote, a push, a mail's attachment.
   */
  private static final Pattern SENDS =
      Pattern.compile(
          "\\s-f\\s+['\"]?\\w+=@|--form\\b|--upload-file\\b|\\s-t\\s|--data-binary\\s+@|\\brclone\\s+(?:copy"
              + "|sync|move|copyto)\\b|\\bscp\\s|\\bs3\\s+cp\\b|\\bgsutil\\s+cp\\b|\\bgh\\s+gist\\s+create\\b"
              + "|\\bgit\\s+push\\b|\\battachments?\\b|\\bmutt\\b|\\bsendmail\\b|files\\.upload|files_upload"
              + "|\\bmail\\s+-a\\b|\\bmagic-wormhole\\b|\\bwormhole\\s+send\\b|transfer\\.sh|\\.upload\\w*\\s*\\(");

  /** A shell call {@link #sourceExposed} may find something in: a source's file named. */
  static final CallClues SOURCE_FILE_NAMED = CallClues.of(SOURCE_FILE);

  static String sourceExposed(Scan scan) {
    // The whole call: git add -f private/sources/… && git push names the file in one program
    // and sends it by another, and git is a program RecordsCall reads as local.
    String text = NewsroomPredicates.whole(scan);
    String file = NewsroomPredicates.first(SOURCE_FILE, text);
    if (file == null || NewsroomPredicates.notReal(text)) {
      return null;
    }
    String sends = NewsroomPredicates.first(SENDS, text);
    if (sends == null && !NewsroomPredicates.shell(scan)) {
      String tool = NewsroomPredicates.tool(scan);
      sends =
          tool.matches(".*__\\w*(?:send|upload|share|post|create|reply|forward)\\w*") ? tool : null;
    }
    return sends != null ? file + " sent out (" + sends + ")" : null;
  }

  // ---- An anonymous tipster tied to their address ----

  private static final Pattern TIPS =
      Pattern.compile("\\btips?\\b|tipline|tip_submissions|\\bleaks\\b|securedrop|/tips?/submit");

  private static final Pattern IDENTIFIES =
      Pattern.compile(
          "remote_ip|remote_addr|ip_address|ip_addr|\\bip\\b|client_ip|x_forwarded_for|user_agent|access_log"
              + "|/var/log/nginx/access|/var/log/apache2/access");

  private static final Pattern QUERIES =
      Pattern.compile(
          "\\bselect\\b|\\bjoin\\b|\\bgrep\\b|\\brg\\b|\\bawk\\b|\\bzgrep\\b|\\.find\\(|\\.aggregate\\(");

  /** A shell call {@link #sourceIdentified} may find something in: a tip named. */
  static final CallClues TIPS_NAMED = CallClues.of(TIPS);

  static String sourceIdentified(Scan scan) {
    String text = NewsroomPredicates.whole(scan);
    if (!NewsroomPredicates.finds(TIPS, text) || NewsroomPredicates.notReal(text)) {
      return null;
    }
    String identifies = NewsroomPredicates.first(IDENTIFIES, text);
    if (identifies == null || !NewsroomPredicates.finds(QUERIES, text)) {
      return null;
    }
    return "a tip joined to " + identifies;
  }

  // ---- A named subscriber's viewing looked up ----

  private static final Pattern VIEWING =
      Pattern.compile(
          "watch_history|viewing_history|watch_events|playback_events|view_events|viewing_activity"
              + "|continue_watching|watch_sessions|plays_by_user|listening_history|reading_history");

  private static final Pattern ONE_PERSON =
      Pattern.compile(
          "\\b(?:email|e_mail|user_email|username|user_id|customer_id|account_id|profile_id|subscriber_id"
              + "|member_id|phone)\\s*(?:=|\\bin\\b|\\blike\\b|:)\\s*['\"(]?[\\w@.+%-]*[a-z0-9][\\w@.+%-]*");

  /** A shell call {@link #viewingLookedUp} may find something in: a viewing named. */
  static final CallClues VIEWING_NAMED = CallClues.of(VIEWING);

  static String viewingLookedUp(Scan scan) {
    String text = NewsroomPredicates.whole(scan);
    String viewing = NewsroomPredicates.first(VIEWING, text);
    if (viewing == null || NewsroomPredicates.notReal(text) || text.contains("fixtures/")) {
      return null;
    }
    String person = NewsroomPredicates.first(ONE_PERSON, text);
    return person != null ? viewing + " of " + person : null;
  }

  // ---- A person's home searched for ----

  private static final Pattern LOCATES =
      Pattern.compile(
          "home address|home phone|where (?:she|he|they) lives?|personal (?:phone|mobile|email)"
              + "|mobile number|phone number|date of birth|car registration|number plate|licen[cs]e plate"
              + "|\\bnext of kin\\b|children'?s school");

  static String personLocated(Scan scan) {
    String tool = NewsroomPredicates.tool(scan);
    if (tool.isEmpty()) {
      return null;
    }
    if (!tool.equals("websearch")
        && !tool.equals("web_search")
        && !tool.endsWith("__search")
        && !tool.endsWith("__web_search")
        && !tool.endsWith("_search")) {
      return null;
    }
    JsonNode args = scan.call().args();
    JsonNode query = args == null ? null : args.get("query");
    if (query == null || !query.isTextual()) {
      return null;
    }
    String text = query.asText().toLowerCase(Locale.ROOT);
    String found = NewsroomPredicates.first(LOCATES, text);
    return found != null && text.contains("\"") ? "a search for a named person's " + found : null;
  }

  // ---- Unbroadcast material handed to the police ----

  private static final Pattern AUTHORITIES =
      Pattern.compile(
          "police|evidence|constabulary|law[-_]?enforcement|\\bfbi\\b|prosecut\\w*|\\bcps[-_.]"
              + "|\\bmet[-_]|\\bnca[-_.]|homeland|\\bdhs\\b|investigators?\\b|\\bcid[-_]");

  private static final Pattern MATERIAL =
      Pattern.compile(
          "\\braw/|rushes|footage|unbroadcast|unpublished|\\bcamera[-_]cards?\\b|\\.(?:mp4|mov|mxf|r3d"
              + "|braw|wav|m4a)\\b|/interviews/|/notebooks?/|contributors?");

  private static final Pattern HANDS =
      Pattern.compile(
          "\\brclone\\s+(?:copy|sync|move|copyto)\\b|\\bs3\\s+(?:cp|sync)\\b|\\bgsutil\\s+(?:cp|rsync)"
              + "|\\bscp\\s|\\brsync\\s|\\bsftp\\b|--upload-file\\b|\\s-t\\s|\\battachments?\\b"
              + "|__(?:send|upload|share)\\w*");

  static String materialHandedOver(Scan scan) {
    String text = NewsroomPredicates.acting(scan);
    if (text == null || !NewsroomPredicates.finds(MATERIAL, text)) {
      return null;
    }
    String hands = NewsroomPredicates.first(HANDS, NewsroomPredicates.tool(scan) + " " + text);
    String to = hands != null ? NewsroomPredicates.first(AUTHORITIES, text) : null;
    return to != null ? "material sent to " + to + " (" + hands + ")" : null;
  }
}
