package io.github.providergateway.guard.internal;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code telephony} rules ask of a live act (issue 80 round 8, decision 126): a
 * carrier's numbers released or ported, an emergency number or a premium range dialled, calls
 * placed to a list, a PBX's door opened to toll fraud, the call records and recordings destroyed or
 * taken away, a SIP attack, a text sent by a fetch. Each is read from the call's text ({@link
 * TelephonyCall}) by the trade's spellings: the CLIs (twilio, vonage, telnyx, aws connect and
 * pinpoint, asterisk, fs_cli, kamctl), the REST APIs, the SDKs in inline code, a server's tools.
 */
final class TelephonyActs {
  private TelephonyActs() {}

  /** Adds each predicate of the whole call under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("telephony-number-released", TelephonyActs::numberReleased);
    named.put("telephony-numbers-ported", TelephonyActs::numbersPorted);
    named.put("telephony-emergency-dialled", TelephonyActs::emergencyDialled);
    named.put("telephony-premium-dialled", TelephonyActs::premiumDialled);
    named.put("telephony-mass-contact", TelephonyActs::massContact);
    named.put("telephony-fraud-guard-lowered", TelephonyActs::fraudGuardLowered);
    named.put("telephony-sent-by-fetch", TelephonyActs::sentByFetch);
    named.put("telephony-bulk-lookups", TelephonyActs::bulkLookups);
    named.put("telephony-number-repointed", TelephonyActs::numberRepointed);
    named.put("telephony-flow-published", TelephonyActs::flowPublished);
    named.put("telephony-emergency-disabled", TelephonyActs::emergencyDisabled);
    TelephonyRecords.addCallsTo(named);
  }

  /** A number released, cancelled, disconnected or deleted; an account closed. */
  private static final Pattern RELEASED =
      Pattern.compile(
          "incoming-phone-numbers:remove\\b|incoming_phone_numbers\\([^)]{0,80}\\)\\.delete\\s*\\("
              + "|incomingphonenumbers\\([^)]{0,80}\\)\\.remove\\s*\\(|/incomingphonenumbers/pn\\w{0,40}"
              + "(?:\\.json)?[^\\n]{0,200}-x\\s*['\"]?delete|-x\\s*['\"]?delete['\"]?[^\\n]{0,300}"
              + "/incomingphonenumbers/|/disconnects\\b|disconnecttelephonenumberorder"
              + "|phone_numbers/jobs/delete_phone_numbers|-x\\s*['\"]?delete['\"]?[^\\n]{0,300}"
              + "/v2/phone_numbers/|/v2/phone_numbers/[^\\s'\"]{1,80}['\"]?[^\\n]{0,100}-x\\s*['\"]?delete"
              + "|\\b(?:vonage|nexmo)\\s+numbers?[: ](?:cancel|release|delete)\\b|/number/cancel\\b"
              + "|\\.numbers\\.cancel\\s*\\(|\\.number\\.cancel\\s*\\(|phone_?numbers?\\.(?:delete|release)"
              + "\\s*\\(|\\brelease_?number\\s*\\(|\\bphonenumber\\s*\\.\\s*delete\\s*\\("
              + "|\\bdelete\\s+(?:incoming\\s+)?phone\\s+numbers?\\b|\\b(?:release|cancel)\\s+(?:phone\\s+)?"
              + "numbers?\\b|/numbers?/[^\\s'\"]{1,80}['\"]?[^\\n]{0,100}-x\\s*['\"]?delete\\b"
              + "|release-phone-number\\b|\\bdelete-phone-number\\b|\\bnumbers?\\s+(?:release|cancel)\\b"
              + "|accounts:update\\b[^\\n]{0,300}--status[= ]['\"]?closed|accounts\\([^)]{0,80}\\)"
              + "\\.update\\s*\\([^)]{0,200}status\\s*[=:]\\s*['\"]closed|/accounts/ac\\w{0,40}(?:\\.json)?"
              + "['\"]?[^\\n]{0,300}status=closed|\\bclose\\s+account\\b[^\\n]{0,40}\\bac\\w{8}");

  private static String numberReleased(Scan scan) {
    return acting(scan, RELEASED);
  }

  /** A port order submitted or confirmed: the losing carrier releases the numbers. */
  private static final Pattern PORTED =
      Pattern.compile(
          "porting_?orders?/[^\\s'\"]{0,80}/actions/(?:confirm|submit|activate)\\b"
              + "|porting[-_ ]?orders?\\b[^\\n]{0,200}\\b(?:confirm|submit)\\b"
              + "|porting:port-?in(?:s|-requests?)?:create\\b|/porting/port-?in\\b[^\\n]{0,200}"
              + "-x\\s*['\"]?post|/portins\\b[^\\n]{0,300}(?:-x\\s*['\"]?post|--data|\\s-d\\s)"
              + "|\\b(?:submit|confirm)\\s+port(?:ing)?\\s+(?:in\\s+)?(?:order|request)s?\\b"
              + "|\\bport_?out\\b[^\\n]{0,100}\\b(?:approve|submit|confirm)\\b");

  private static String numbersPorted(Scan scan) {
    return acting(scan, PORTED);
  }

  /** What places a call or a message: a PBX's originate, a CLI's or an API's call, a softphone. */
  private static final Pattern PLACES =
      Pattern.compile(
          "\\boriginate\\b|calls:create\\b|calls\\.create\\s*\\(|/calls(?:\\.json)?\\b"
              + "|messages:create\\b|messages\\.create\\s*\\(|/messages(?:\\.json)?\\b|\\bsipp\\b"
              + "|\\b(?:linphonecsh|baresip|pjsua|twinkle)\\b|start-outbound-voice-contact"
              + "|send-voice-message|send-text-message|channel:\\s*\\S{1,20}/|\\bcreate\\s+call\\b"
              + "|\\bcreate\\s+message\\b|\\bdial\\s+['\"]?\\+?\\d");

  /** An emergency number as a call's destination (933 is the carriers' test number). */
  private static final Pattern EMERGENCY =
      Pattern.compile(
          "(?:(?:pjsip|sip|iax2|dahdi|local|sofia/gateway/[^/\\s]{1,60}|sofia/[^/\\s]{1,60}|loopback"
              + "|tel|sip:)/?|--to[= ]['\"]?|\\bto=['\"]?|['\"]to['\"]\\s*:\\s*['\"]|\\bto\\s*=\\s*['\"]"
              + "|destination[-_]?phone[-_]?number['\"]?\\s*[:= ]\\s*['\"]?|-s\\s+|\\bdial\\s+['\"]?"
              + "|%2b|\\+)(?:(?:\\+?1)?911|112|999)(?![\\d])");

  private static String emergencyDialled(Scan scan) {
    TelephonyCall call = TelephonyCall.of(scan);
    if (!call.acts() || !PatternLiterals.finds(PLACES, call.acting())) {
      return null;
    }
    return found(EMERGENCY, call.acting());
  }

  /**
   * A premium or international-network range: ITU's shared codes (+881 satellite, +882 and +883
   * international networks), Inmarsat (+870), international premium rate (+979), dialled with a
   * plus, 00 or 011: the ranges of international revenue share fraud.
   */
  private static final Pattern PREMIUM =
      Pattern.compile("(?:\\+|%2b|(?<!\\d)00|(?<!\\d)011)(?:881|882|883|870|979)\\d{4,}");

  private static String premiumDialled(Scan scan) {
    TelephonyCall call = TelephonyCall.of(scan);
    if (!call.acts() || !PatternLiterals.finds(PLACES, call.acting())) {
      return null;
    }
    return found(PREMIUM, call.acting());
  }

  /** A call placed or a text sent, to a number a list gives. */
  private static final Pattern CALLS =
      Pattern.compile(
          "\\boriginate\\b|calls:create\\b|calls\\.create\\s*\\(|/calls(?:\\.json)?\\b"
              + "|messages:create\\b|messages\\.create\\s*\\(|/messages(?:\\.json)?\\b|/sms/json\\b"
              + "|send_?message\\s*\\(|\\bsms\\.send\\w{0,20}\\s*\\(|send[-_]text[-_]message"
              + "|\\bcreate\\s+message\\b"
              + "|start[-_]outbound[-_]voice[-_]contact|\\bcreate\\s+call\\b|send[-_]voice[-_]message");

  /** A list of people to call: a file of numbers or leads read in a loop. */
  private static final Pattern LIST =
      Pattern.compile(
          "\\.(?:csv|tsv|txt|jsonl|xlsx)\\b|\\bwhile\\b[^\\n]{0,200}\\bread\\b|\\bleads?\\b"
              + "|\\bcontacts?\\b|\\bcustomers?\\b");

  /** A call's destination that stays on the PBX: a loopback or null channel, a load test. */
  private static final Pattern LOOPBACK_ONLY = Pattern.compile("\\b(?:loopback|null)/");

  /** Call files spooled, or a dialler's campaign started or made to drop calls. */
  private static final Pattern DIALLER =
      Pattern.compile(
          "/spool/asterisk/outgoing\\b|startcampaign\\b|start_?campaign\\s*\\("
              + "|/campaigns?/[^\\s'\"]{1,80}/(?:actions/)?start\\b"
              + "|vicidial_campaigns\\b[^\\n]{0,400}\\bactive\\s*=\\s*'y'"
              + "|auto_dial_level\\s*=\\s*'?(?:[4-9]|\\d{2})|drop_call_seconds\\s*=\\s*'?0\\b"
              + "|safe_harbor_message\\s*=\\s*'n'|local_call_time\\s*=\\s*'24hours'|['\"]campaignstatus['\"]\\s*:\\s*['\"]on['\"]"
              + "|\\bstart\\s+(?:outbound\\s+)?campaign\\b|\\bcampaign\\s+start\\b");

  private static String massContact(Scan scan) {
    TelephonyCall call = TelephonyCall.of(scan);
    if (!call.acts()) {
      return null;
    }
    String acting = call.acting();
    Matcher dialler = PatternLiterals.matcher(DIALLER, acting);
    if (dialler.find()) {
      // A call file put in a lab's spool (its container, this machine) is a developer's test call.
      return dialler.group().startsWith("/spool") && call.local() ? null : dialler.group();
    }
    if (!call.loops() || !PatternLiterals.finds(LIST, call.text())) {
      return null;
    }
    Matcher calls = PatternLiterals.matcher(CALLS, acting);
    if (!calls.find()
        || PatternLiterals.finds(LOOPBACK_ONLY, acting) && !acting.contains("gateway/")) {
      return null;
    }
    return calls.group() + " over a list";
  }

  /** A toll-fraud or SMS-pumping guard lowered: geographic permissions opened. */
  private static final Pattern FRAUD_GUARD =
      Pattern.compile(
          "update-protect-configuration-country-rule-set\\b[^\\n]{0,3000}['\"]?protectstatus['\"]?"
              + "\\s*:\\s*['\"]?allow|delete-protect-configuration\\b"
              + "|dialing[-_]?permissions\\b[^\\n]{0,2000}high[-_]?risk[-_]?(?:special|tollfraud)"
              + "[-_]?numbers[-_]?enabled['\"]?\\s*[:=]\\s*['\"]?true|dialing[-_]?permissions\\b"
              + "[^\\n]{0,600}low[-_]?risk[-_]?numbers[-_]?enabled['\"]?\\s*[:=]\\s*['\"]?true"
              + "|['\"]?(?:whitelisted|allowed)_destinations['\"]?\\s*:\\s*\\[[^\\]]{0,40}['\"]?all['\"]?"
              + "|['\"]?daily_spend_limit_enabled['\"]?\\s*:\\s*false|['\"]?max_destination_rate['\"]?"
              + "\\s*:\\s*(?:null|\\d{3,})|fraud[-_]?(?:guard|protection)[^\\n]{0,60}(?:disable|false"
              + "|off)\\b|sms[-_ ]?pumping[-_ ]?protection[^\\n]{0,60}(?:disable|false|off)\\b");

  private static String fraudGuardLowered(Scan scan) {
    return acting(scan, FRAUD_GUARD);
  }

  /** A messaging or voice API that sends on a GET: its address carries a recipient and a text. */
  private static final Pattern SEND_URL =
      Pattern.compile(
          "https?://[^\\s'\"]{0,80}(?:rest\\.nexmo\\.com/sms/json|/sms/json|clickatell\\.com/"
              + "(?:http/sendmsg|messages/http/send)|textlocal\\.\\w{2,6}/send|/send_?sms\\b|/sendsms\\b"
              + "|/messages/send\\b|/sms/send\\b|/api/send\\b|/http/send\\b|/calls?/make\\b)"
              + "[^\\s'\"]{0,40}\\?[^\\s'\"]{0,400}\\b(?:to|numbers?|recipients?|destination|mobile|phone)="
              + "[^\\s'\"]{0,600}\\b(?:text|body|message|msg)=");

  private static String sentByFetch(Scan scan) {
    TelephonyCall call = TelephonyCall.of(scan);
    if (!call.fetch() && !call.shell()) {
      return null;
    }
    String found = found(SEND_URL, call.fetch() ? call.text() : call.acting());
    return found == null ? null : found.substring(0, Math.min(found.length(), 120));
  }

  /** A paid look-up of a number's owner, carrier or line. */
  private static final Pattern LOOKUP =
      Pattern.compile(
          "\\blookups?\\b[^\\n]{0,80}phone[-_]?numbers?|lookups\\.twilio\\.com|/number_lookup\\b"
              + "|number[-_ ]?insight|/ni/(?:advanced|standard|basic)\\b|\\bcnam\\b|\\bhlr\\b"
              + "|\\blookups\\.v\\d\\.phone_numbers\\b|\\.lookups\\.");

  private static String bulkLookups(Scan scan) {
    TelephonyCall call = TelephonyCall.of(scan);
    if (!call.acts() || !call.loops() || !PatternLiterals.finds(LIST, call.text())) {
      return null;
    }
    String found = found(LOOKUP, call.acting());
    return found == null ? null : found + " over a list";
  }

  /** A number's calls or messages sent to another address, by a server's tool or an API. */
  private static final Pattern REPOINTED =
      Pattern.compile(
          "update\\s+incoming\\s+phone\\s+number\\b[^\\n]{0,2000}['\"]?(?:voice|sms)_?url['\"]?\\s*:\\s*"
              + "['\"]https?://(?!localhost|127\\.)|incoming_phone_numbers\\([^)]{0,80}\\)\\.update\\s*\\("
              + "[^)]{0,300}(?:voice|sms)_url\\s*=\\s*['\"]https?://(?!localhost|127\\.)"
              + "|\\bupdate\\s+(?:phone\\s+)?number\\b[^\\n]{0,2000}['\"]?(?:connection_id"
              + "|messaging_profile_id|voice_?url|sms_?url|webhook_url)['\"]?\\s*:"
              + "|-x\\s*['\"]?patch['\"]?[^\\n]{0,300}/v2/phone_numbers/[^\\n]{0,600}(?:connection_id"
              + "|messaging_profile_id)|/v2/phone_numbers/[^\\s'\"]{1,80}['\"]?[^\\n]{0,300}-x\\s*['\"]?"
              + "patch[^\\n]{0,600}(?:connection_id|messaging_profile_id)"
              + "|\\bnumbers?\\s+update\\b[^\\n]{0,300}--(?:voice[-_]answer[-_]url|sms[-_]callback[-_]url"
              + "|app[-_]id)\\b");

  private static String numberRepointed(Scan scan) {
    return acting(scan, REPOINTED);
  }

  /** A call flow (IVR) published or replaced in a contact centre. */
  private static final Pattern FLOW =
      Pattern.compile(
          "\\bstudio\\b[^\\n]{0,200}\\bflows?\\b[^\\n]{0,400}(?:--status[= ]['\"]?published"
              + "|status['\"]?\\s*[:=]\\s*['\"]published)|connect\\s+(?:update-contact-flow-content"
              + "|update-contact-flow-module-content|delete-contact-flow|delete-contact-flow-module"
              + "|associate-phone-number-contact-flow|update-contact-flow)\\b"
              + "|\\bupdate\\s+flow\\b[^\\n]{0,2000}['\"]?status['\"]?\\s*:\\s*['\"]published"
              + "|/api/v2/flows/actions/publish\\b|\\barchitect\\b[^\\n]{0,100}\\bpublish\\b"
              + "|\\bflows?\\s+publish\\b|update_contact_flow_content\\s*\\(");

  private static String flowPublished(Scan scan) {
    return acting(scan, FLOW);
  }

  /** Twilio's magic numbers, which its test credentials take and nothing reaches. */
  private static final Pattern MAGIC = Pattern.compile("\\+?1?500555\\d{4}");

  /**
   * Whether a twilio command sends from one of Twilio's magic numbers ({@code --from
   * +15005550006}): only its test credentials take one, and they send nothing and bill nothing.
   */
  static boolean magicNumbers(java.util.List<String> args) {
    for (int i = 0; i + 1 < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("--from") && PatternLiterals.matches(MAGIC, args.get(i + 1))
          || arg.startsWith("--from=") && PatternLiterals.matches(MAGIC, arg.substring(7))) {
        return true;
      }
    }
    return false;
  }

  /** A number's emergency calling turned off, or its registered emergency address removed. */
  private static final Pattern EMERGENCY_OFF =
      Pattern.compile(
          "--emergency-status[= ]['\"]?inactive|emergency_?status['\"]?\\s*[:=]\\s*['\"]?inactive"
              + "|['\"]?emergency_enabled['\"]?\\s*[:=]\\s*['\"]?false|emergency_address_id['\"]?\\s*:\\s*null"
              + "|remove-csonlinelis(?:location|civicaddress)\\b|/e911s?\\b[^\\n]{0,200}-x\\s*['\"]?delete"
              + "|-x\\s*['\"]?delete['\"]?[^\\n]{0,200}/(?:e911s?|emergency_addresses|addresses)\\b"
              + "|\\baddresses:remove\\b|\\baddresses\\([^)]{0,80}\\)\\.delete\\s*\\(");

  private static String emergencyDisabled(Scan scan) {
    return acting(scan, EMERGENCY_OFF);
  }

  /** {@return the first match of the pattern in what the call's acting programs say, or null} */
  static String acting(Scan scan, Pattern pattern) {
    TelephonyCall call = TelephonyCall.of(scan);
    return call.acts() ? found(pattern, call.acting()) : null;
  }

  /** {@return the first match of the pattern in the text, or {@code null}} */
  static String found(Pattern pattern, String text) {
    if (!PatternLiterals.mayFind(pattern, text)) {
      return null;
    }
    Matcher matcher = pattern.matcher(text);
    return matcher.find() ? matcher.group().strip() : null;
  }
}
