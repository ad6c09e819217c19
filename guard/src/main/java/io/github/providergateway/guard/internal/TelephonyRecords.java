package io.github.providergateway.guard.internal;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code telephony} rules ask of a PBX's records and doors (decision 126): the call
 * detail records, recordings and a SIP proxy's database destroyed or no longer kept; voicemail,
 * recordings and call records copied off or handed to another party; a SIP attack on another's PBX
 * (extensions enumerated, passwords guessed, an extension's registration taken); a PBX's door
 * opened to anyone on the internet, live (an IP access list of 0.0.0.0/0, an endpoint with no
 * authentication). Local test data (a lab's database, this machine's) is none.
 */
final class TelephonyRecords {
  private TelephonyRecords() {}

  /** Adds each predicate of the whole call under its name, {@link TelephonyEdits}' too. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("telephony-records-destroyed", TelephonyRecords::recordsDestroyed);
    named.put("telephony-call-data-taken", TelephonyRecords::callDataTaken);
    named.put("telephony-sip-attack", TelephonyRecords::sipAttack);
    named.put("telephony-trunk-opened", TelephonyRecords::trunkOpened);
    named.put("telephony-opt-outs-lifted", TelephonyRecords::optOutsLifted);
    TelephonyEdits.addCallsTo(named);
  }

  /** A call record's or recording's table deleted from, emptied or dropped. */
  private static final Pattern RECORD_TABLES =
      Pattern.compile(
          "(?:delete\\s+from|truncate(?:\\s+table)?|drop\\s+table(?:\\s+if\\s+exists)?)\\s+[`\"]?"
              + "(?:\\w{1,40}\\.)?(?:cdrs?|cel|call_?detail_?records?|vicidial_(?:closer_)?log"
              + "|recording_log|call_?logs?|calls_log|acc|missed_calls|queue_log|voicemessages"
              + "|call_recordings?)\\b[`\"]?");

  /**
   * A SIP proxy's database dropped or recreated, a contact centre's recordings no longer stored,
   * its retention policy deleted.
   */
  private static final Pattern UNKEPT =
      Pattern.compile(
          "\\bkamdbctl\\s+(?:drop|reinit)\\b|\\bopensips-cli\\b[^\\n]{0,80}\\bdatabase\\s+drop\\b"
              + "|disassociate-instance-storage-config\\b[^\\n]{0,300}(?:call_recordings"
              + "|chat_transcripts|contact_trace_records|media_streams|screen_recordings)"
              + "|connect\\s+delete-instance\\b|mediaretentionpolicies\\b[^\\n]{0,200}(?:\\bdelete\\b"
              + "|-x\\s*['\"]?delete)|-x\\s*['\"]?delete['\"]?[^\\n]{0,200}mediaretentionpolicies\\b"
              + "|\\brecording(?:s|_settings)?\\b[^\\n]{0,200}['\"]?(?:enabled|record)"
              + "['\"]?\\s*[:=]\\s*['\"]?(?:false|do-not-record)");

  private static String recordsDestroyed(Scan scan) {
    TelephonyCall call = TelephonyCall.of(scan);
    if (!call.acts()) {
      return null;
    }
    String acting = call.acting();
    Matcher unkept = PatternLiterals.matcher(UNKEPT, acting);
    if (unkept.find()) {
      boolean kamailio = unkept.group().startsWith("kamdbctl");
      // kamdbctl works on the DBHOST the command gives; none or this machine's is a developer's.
      return kamailio && !otherDatabaseHost(call.text()) ? null : unkept.group();
    }
    Matcher table = PatternLiterals.matcher(RECORD_TABLES, acting);
    if (!table.find()) {
      return null;
    }
    return localTest(scan) ? null : table.group();
  }

  private static final Pattern DB_HOST = Pattern.compile("\\bdbhost=['\"]?([\\w.-]{1,120})");

  private static boolean otherDatabaseHost(String text) {
    Matcher host = PatternLiterals.matcher(DB_HOST, text);
    return host.find()
        && !Environments.localHost(host.group(1))
        && !Environments.composeService(host.group(1));
  }

  /** The opt-outs and do-not-call lists deleted, or people opted back in. */
  private static final Pattern OPT_OUTS =
      Pattern.compile(
          "(?:delete\\s+from|truncate(?:\\s+table)?|drop\\s+table(?:\\s+if\\s+exists)?)\\s+[`\"]?"
              + "(?:\\w{1,40}\\.)?(?:\\w{0,20}_)?(?:opt_?outs?|optouts?|unsubscribes?|dnc|do_not_call"
              + "|vicidial_(?:campaign_)?dnc|stop_list|sms_suppressions?)\\b[`\"]?"
              + "|update\\s+[`\"]?\\w{0,40}[`\"]?\\s+set\\b[^;\\n]{0,200}\\b(?:opted_out|sms_opted_out"
              + "|do_not_call|dnc)\\s*=\\s*(?:0|false|'n')|delete-opted-out-number\\b|delete-opt-out-list\\b"
              + "|\\bsns\\s+opt-in-phone-number\\b|\\bopt_in_phone_number\\s*\\(");

  private static String optOutsLifted(Scan scan) {
    String found = TelephonyActs.acting(scan, OPT_OUTS);
    return found != null && localTest(scan) ? null : found;
  }

  /** Where a PBX keeps voicemail, recordings and call records; a service's calls and recordings. */
  private static final Pattern CALL_DATA =
      Pattern.compile(
          "/spool/asterisk/(?:voicemail|monitor|recording)|/var/lib/freeswitch/(?:recordings|storage)"
              + "|/freeswitch/(?:recordings|storage/voicemail)|/log/asterisk/cdr-(?:csv|custom)"
              + "|\\bmaster\\.csv\\b|api:core:(?:calls|recordings|messages|transcriptions):list\\b"
              + "|\\btwilio\\s+(?:api:core:)?(?:calls|recordings):list\\b|\\brecordings?\\.list\\s*\\("
              + "|connect\\s+(?:search-contacts|list-contact-references|get-contact-attributes)\\b"
              + "|/recordings(?:\\.json)?\\b|\\bcdrs?\\b[^\\n]{0,40}\\.csv\\b");

  /** What carries them off: a copy to or from another host, a bucket, a mail, a transcriber. */
  private static final Pattern CARRIED =
      Pattern.compile(
          "\\b(?:scp|rsync|sftp|rclone)\\b[^\\n]{0,300}[\\w.-]{1,120}:[~/]|\\b(?:aws\\s+s3\\s+(?:cp|sync|mv)"
              + "|gsutil\\s+(?:-m\\s+)?(?:cp|rsync)|gcloud\\s+storage\\s+cp|az\\s+storage\\s+blob\\s+upload"
              + "|azcopy\\s+copy)\\b|s3://|gs://|\\bopenai\\b|\\bwhisper\\b|\\bdeepgram\\b|assemblyai"
              + "|speechmatics|rev\\.ai|\\banthropic\\b|generativeai|\\btranscri(?:be|ption)"
              + "|\\b(?:mail|mutt|sendmail|swaks)\\b|--upload-file\\b|\\s-t\\s|\\s-f\\s+['\"]?\\w+=@"
              + "|transfer\\.sh|file\\.io|0x0\\.st");

  private static String callDataTaken(Scan scan) {
    TelephonyCall call = TelephonyCall.of(scan);
    if (!call.shell() || !call.acts()) {
      return null;
    }
    String acting = call.acting();
    Matcher data = PatternLiterals.matcher(CALL_DATA, call.text());
    if (!data.find()) {
      return null;
    }
    Matcher carried = PatternLiterals.matcher(CARRIED, acting);
    return carried.find() ? data.group() + " carried off by " + carried.group().strip() : null;
  }

  /** SIP scanners and crackers; a registration with a contact elsewhere. */
  private static final Pattern ATTACK =
      Pattern.compile(
          "\\b(?:svwar|svmap|svcrack|svcrash|svreport|sipvicious_\\w{1,20}|sippts|sipvicious"
              + "|sipcrack|inviteflood|sipflood|sip-?scan|sipsak\\b[^\\n]{0,300}\\s-u\\b[^\\n]{0,300}"
              + "\\s-c\\s+['\"]?sip:[^\\s'\"]{1,120})");

  /** A target on this machine or in a lab: a loopback address, a lab's container. */
  private static final Pattern OWN =
      Pattern.compile("127\\.0\\.0\\.1|\\blocalhost\\b|\\[::1]|(?<![\\w-])lab(?![\\w])|-lab\\b");

  private static String sipAttack(Scan scan) {
    TelephonyCall call = TelephonyCall.of(scan);
    if (!call.shell() || !call.acts()) {
      return null;
    }
    Matcher attack = PatternLiterals.matcher(ATTACK, call.acting());
    return attack.find() && !PatternLiterals.finds(OWN, call.acting()) ? attack.group() : null;
  }

  /** Anyone on the internet let in: an IP list of 0.0.0.0/0, an address list's group 0 opened. */
  private static final Pattern OPEN_LIST =
      Pattern.compile(
          "(?:ip-?access-?control-?lists?|ipaccesscontrollists|ip_access_control_lists|sip[-_ ]?acls?\\b"
              + "|ip_connections?|credential_connections?|\\btrunks?\\b|/sip/)[^\\n]{0,600}"
              + "(?:0\\.0\\.0\\.0\\s*/\\s*0\\b|0\\.0\\.0\\.0['\"]?[^\\n]{0,200}(?:prefix[-_]?length|cidr"
              + "|mask)\\w*['\"]?[\\s=:]{1,4}['\"]?0\\b)|\\bkamctl\\s+address\\s+add\\s+\\d+\\s+0\\.0\\.0\\.0"
              + "\\s+0\\b|\\bkamctl\\s+trusted\\s+add\\b[^\\n]{0,60}0\\.0\\.0\\.0");

  /** A PJSIP realtime endpoint made: its columns, where {@code auth} belongs. */
  private static final Pattern ENDPOINT_ROW =
      Pattern.compile("insert\\s+into\\s+[`\"]?ps_endpoints[`\"]?\\s*\\(([^)]{1,600})\\)");

  /** An endpoint's authentication taken off; a guest let in. */
  private static final Pattern AUTH_OFF =
      Pattern.compile(
          "update\\s+[`\"]?ps_endpoints[`\"]?\\s+set\\b[^\\n;]{0,200}\\bauth\\s*=\\s*(?:null|'')"
              + "|\\ballowguest\\s*=\\s*'?yes\\b");

  private static String trunkOpened(Scan scan) {
    TelephonyCall call = TelephonyCall.of(scan);
    if (!call.acts()) {
      return null;
    }
    String acting = call.acting();
    String found = TelephonyActs.found(OPEN_LIST, acting);
    if (found == null) {
      Matcher row = PatternLiterals.matcher(ENDPOINT_ROW, acting);
      if (row.find() && !row.group(1).matches("(?s).*\\bauth\\b.*")) {
        found = "ps_endpoints row without auth";
      } else {
        found = TelephonyActs.found(AUTH_OFF, acting);
      }
      if (found != null && localTest(scan)) {
        return null;
      }
    }
    return found;
  }

  /** Whether a program of the call works on local test data (a lab's or a test database). */
  private static boolean localTest(Scan scan) {
    for (Step step : scan.steps()) {
      if (Environments.localTestData(scan, step)) {
        return true;
      }
    }
    return false;
  }
}
