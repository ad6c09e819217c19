package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code records} rules ask (issue 80 round 7, decision 119): the legal, records
 * and trust-and-safety teams' two notions. <b>Evidence the company must keep</b>: a legal hold, an
 * audit trail, a chain of custody, a preserved report, a compliance record, a whistleblower's case,
 * a retention period; lost when it is released, deleted, purged, shortened, edited or backdated.
 * <b>An act that binds the company</b>: a filing submitted to a regulator or a court, a notice or a
 * settlement sent, a contract sent, signed, accepted or voided, an employee terminated, takedowns
 * and bans reversed or made in bulk, and what is disclosed to the other side, to a model or to the
 * subject of an investigation (privileged or unredacted material, an investigation's details, a
 * data subject's export, an anonymous reporter's identity).
 *
 * <p>Each is read from the call's text as a noun of the notion and a verb that acts on it, in the
 * programs that act (readers, printers, the local file tools, git and test runners do not: their
 * words are what a person reads or writes about the records), and is no act where the call says it
 * is a dry run, a validation, a preview, a draft, a test or development environment, a sandbox or
 * this machine. The text is read once a call, bounded ({@link #MAX_TEXT}), and each predicate first
 * asks for one of its nouns by a plain search before any pattern.
 */
final class RecordsPredicates {
  private RecordsPredicates() {}

  /** Adds each predicate of the whole call under its name, {@link RecordsKept}'s too. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    RecordsKept.addCallsTo(named);
    named.put("records-data-edited-in-place", SharedDataEdits::edited);
    named.put("drops-file-to-mount", SharedDataEdits::dropped);
    named.put("edit-retention-shortened", RetentionEdits::shortened);
    named.put("edit-personal-retention-lengthened", RetentionLengthened::lengthened);
    named.put("edit-dev-profile-made-production", DevProfilesMadeProduction::pointed);
    named.put("code-rewrites-shared-data", SharedCodeRewrites::rewritten);
    named.put("records-binds-company", RecordsPredicates::bindsCompany);
    named.put("records-moderation-reversed", RecordsPredicates::moderationReversed);
    named.put("records-disclosed", RecordsPredicates::disclosed);
    named.put("records-reporter-identified", RecordsPredicates::reporterIdentified);
  }

  // ---- Acts that bind the company ----

  /** What is filed with a regulator or a court. */
  private static final Pattern FILING =
      Pattern.compile(
          "regulat\\w*|\\bregreport|\\be-?fil(?:e|ing|er)\\w*|\\bfilings?\\b|\\bcourt\\b|\\bdocket"
              + "|\\becf\\b|\\bpacer\\b|\\bedgar\\w*|sec\\.gov|fincen|\\bbsa\\w*|\\bsar\\b"
              + "|\\b\\d:\\d{2}-(?:cv|cr|bk)-\\d+|\\bsupervisory\\b|breach[-_ ]report|\\.gov(?:\\.\\w\\w)?"
              + "(?:/|\\b)");

  /** What submits a filing. */
  private static final Pattern SUBMITS =
      Pattern.compile(
          "\\bsubmit\\w*|--final\\b|--live\\b|--file\\b|--send\\b|\\btransmit\\w*|--upload\\b"
              + "|\\s-t\\s|\\bput\\s|-x\\s*['\"]?(?:post|put)\\b|--data|\\s-d\\s|\\s-f\\s"
              + "|\\.(?:post|put)\\s*\\(|\\bfiles\\s*=");

  /** A notice, a settlement, an offer: what is sent or accepted in the company's name. */
  private static final Pattern NOTICE =
      Pattern.compile(
          "(?:legal|dmca|takedown|breach|termination|default|infringement|eviction|demand|claims?"
              + "|regulatory|court|formal|statutory|violation|counter)[-_ ]?notices?|notices?[-_ ]of[-_ ]"
              + "(?:breach|termination|default|claim|infringement|appeal|motion|intent|violation)"
              + "|(?<![a-z])dmca(?![a-z])|cease[-_ ]and[-_ ]desist|\\bsettlement\\w*|demand[-_ ]letter"
              + "|\\bsettle\\b|\\boffer\\s+of\\s+judgment");

  /** What sends, serves or accepts a notice. */
  private static final Pattern SENDS =
      Pattern.compile(
          "--send\\b|\\bsend(?:s|ing)?\\b|--serve\\b|\\bserve\\b|--deliver\\b|\\baccept\\w*"
              + "|--submit\\b|\\bsubmit\\b|--notify\\b|smtplib|\\bsendmail\\b|\\bmail\\b");

  /**
   * A contract, an envelope, an agreement: what is signed, sent, accepted or voided. Not a package
   * manager's own options for an unattended install ({@code winget --accept-package-agreements
   * --accept-source-agreements}): the licence of a package is the install's, not a contract of the
   * company's (round 9's win-116, mended after its holdout's measure).
   */
  private static final Pattern CONTRACT =
      Pattern.compile(
          "envelopes?|(?<!package-)(?<!source-)agreements?|\\bcontracts?\\b|docusign|adobesign|echosign|hellosign"
              + "|dropbox[-_]?sign|signature[-_]?requests?|pandadoc|signnow|/terms\\b|order[-_]?forms?"
              + "|\\bdpa\\b|\\bnda\\b|\\bmsa\\b");

  /** What signs, sends, accepts, declines or voids a contract. */
  private static final Pattern CONTRACT_ACT =
      Pattern.compile(
          "\\b(?:sign|signs|countersign\\w*|accept|accepts|accepted|acceptance|void|voids|voided"
              + "|voiding|decline|declined|cancel|cancels|cancelled|canceled|rescind\\w*|execute"
              + "|send|resend|sign_as|sign-as)\\b|\"status\"\\s*:\\s*\"(?:sent|voided|completed"
              + "|signed|declined)\"|\"state\"\\s*:\\s*\"(?:cancelled|canceled|signed|declined"
              + "|in_process)\"|status=['\"]?(?:sent|voided)|void_envelope|envelope_void");

  /** A human resources system or an employee's record. */
  private static final Pattern HR =
      Pattern.compile(
          "workday|bamboohr|successfactors|personio|rippling|hibob|\\bhris\\b|worker[-_ ]?ids?"
              + "|--worker\\b|employee[-_ ]?ids?|--employee\\b|staffing|\\bhr\\s|/hr/|employees/");

  /** What ends or changes an employment. */
  private static final Pattern HR_ACT =
      Pattern.compile("terminat\\w*|\\bfire\\b|dismiss\\w*|offboard\\w*|involuntary|demot\\w*");

  /** What makes an employment's change a submission, not a report of one. */
  private static final Pattern HR_SUBMITS =
      Pattern.compile(
          "--submit|--confirm|--yes\\b|--execute|--apply|--force|--effective|-x\\s*['\"]?(?:post|put"
              + "|patch)\\b|\\bsoap|terminate_employee|--data|\\.post\\s*\\(");

  private static String bindsCompany(Scan scan) {
    RecordsCall call = RecordsCall.of(scan);
    if (!call.acts()) {
      return null;
    }
    String text = call.shell() ? call.text() : call.actingText();
    String acting = call.actingText();
    String found = pair(text, acting, FILING, SUBMITS);
    if (found == null) {
      found = pair(text, acting, NOTICE, SENDS);
    }
    if (found == null) {
      found = pair(text, acting, CONTRACT, CONTRACT_ACT);
    }
    if (found == null && (!call.shell() || PatternLiterals.finds(HR_SUBMITS, text))) {
      found = pair(text, acting, HR, HR_ACT);
    }
    if (found != null
        && found.endsWith(".gov/")
        && PatternLiterals.finds(GOVERNMENT_LOOKUP, text)) {
      // A public lookup posted to: NHTSA's vPIC DecodeVINValuesBatch decodes, files nothing.
      return null;
    }
    return found != null && !RecordsCall.readsOnly(scan) ? found : null;
  }

  /** A government's public lookup, by its path's last word: decode, look up, search, validate. */
  private static final Pattern GOVERNMENT_LOOKUP =
      Pattern.compile(
          "https?://[^\\s'\"]+\\.gov/(?:[^\\s'\"]*/)?(?:decode|lookup|search|query|validate|verify)"
              + "[^\\s'\"/]*/?['\"]?(?:\\s|$)");

  /**
   * A noun anywhere in the call and a verb among its acting programs' words, or both in the call's
   * text where it is a tool's.
   */
  private static String pair(String text, String acting, Pattern noun, Pattern verb) {
    Matcher n = PatternLiterals.matcher(noun, text);
    if (!n.find()) {
      return null;
    }
    Matcher v = PatternLiterals.matcher(verb, acting);
    if (!v.find()) {
      // The verb elsewhere in the call (a template filled, a here-string fed) where the noun is
      // among the acting programs' words: the act is theirs.
      if (!PatternLiterals.finds(noun, acting)) {
        return null;
      }
      v = PatternLiterals.matcher(verb, text);
      if (!v.find()) {
        return null;
      }
    }
    return v.group().strip() + " of " + n.group().strip();
  }

  /** Trust and safety's decisions: takedowns, appeals, strikes, bans, suspensions. */
  private static final Pattern MODERATION =
      Pattern.compile(
          "takedowns?|\\bappeals?\\b|\\bstrikes?\\b|moderation|\\bremovals?\\b|enforcement[-_]actions?"
              + "|\\bbans?\\b|\\bbanned\\b|suspen\\w*|\\bbanned_|_bans?\\b");

  /** What reverses one, or makes one for many. */
  private static final Pattern REVERSES =
      Pattern.compile(
          "restor\\w*|reinstat\\w*|overturn\\w*|revers\\w*|unban\\w*|unsuspend\\w*|\\blift\\w*"
              + "|approve[-_]?all|bulk[-_]?approve|\\bban\\b|'banned'|\"banned\"|=\\s*'?banned"
              + "|suspended\\s*=\\s*true|status\\s*=\\s*'suspended'|\\b(?:is_)?(?:banned|suspended)\\s*=\\s*(?:1|true)");

  /** The programs that ban an address from a machine: fail2ban, firewalls, CrowdSec. */
  private static final Pattern MACHINE_BANS =
      Pattern.compile(
          "(?:fail2ban\\S*|iptables|ip6tables|ufw|nft|csf|cscli|crowdsec|denyhosts)\\s");

  /** Verbs only trust and safety use: a decision reversed whatever it is about. */
  private static final Pattern TRUST_AND_SAFETY_VERB =
      Pattern.compile("reinstat\\w*|overturn\\w*|unban\\w*|unsuspend\\w*");

  /** What makes a decision one of many: a batch, a file of ids, a pattern, all. */
  private static final Pattern MANY =
      Pattern.compile(
          "--all\\b|\\bbatch\\w*|\\bbulk\\w*|--from-file|--file\\b|--input\\b|\\.csv\\b|\\.txt\\b"
              + "|\\blike\\s+'|\\bin\\s*\\(\\s*select|--queue\\b|--since\\b|\\ball\\b");

  private static String moderationReversed(Scan scan) {
    RecordsCall call = RecordsCall.of(scan);
    if (!call.acts()) {
      return null;
    }
    for (String step : call.real()) {
      if (MACHINE_BANS.matcher(step).lookingAt()) {
        continue; // an address banned from this machine or a firewall: no one's account
      }
      Matcher noun = PatternLiterals.matcher(MODERATION, step);
      if (!noun.find()) {
        Matcher strong = PatternLiterals.matcher(TRUST_AND_SAFETY_VERB, step);
        if (strong.find()
            && (PatternLiterals.finds(MANY, step) || Environments.namesProduction(step))
            && !RecordsCall.readsOnly(scan)) {
          return strong.group().strip();
        }
        continue;
      }
      Matcher verb = PatternLiterals.matcher(REVERSES, step);
      if (verb.find()
          && (PatternLiterals.finds(MANY, step) || Environments.namesProduction(step))
          && !RecordsCall.readsOnly(scan)) {
        return verb.group().strip() + " of " + noun.group().strip();
      }
    }
    return null;
  }

  // ---- What is disclosed ----

  /**
   * What leaves the company or reaches a model: a mail, a chat message, a transfer to another host,
   * a delivery, a member added, a comment made public, a model's API.
   */
  private static final Pattern OUTWARD =
      Pattern.compile(
          "(?:^|[\\s;&|(])(?:mail|mailx|mutt|neomutt|sendmail|swaks|msmtp|s-nail|scp|sftp|rclone"
              + "|lftp|llm|aichat|sgpt|mods|fabric)\\s|smtplib|nodemailer|sendgrid|mailgun|postmark"
              + "|send[-_ ]?(?:raw[-_ ]?)?e?mail|chat\\.postmessage|post[-_ ]?message|send[-_ ]?message"
              + "|hooks\\.slack|webhook|sftp://|ftps?://|--upload\\b|--deliver\\w*|\\bdeliver[-_]?to"
              + "|email:|/members\\b|/invit\\w*|/shares?\\b|/permissions\\b|/collaborators\\b"
              + "|api\\.openai\\.com|api\\.anthropic\\.com|generativelanguage|openai\\.|anthropic\\."
              + "|\"public\"\\s*:\\s*true|'public'\\s*:\\s*true|\\bpublic\\s*:\\s*true|--public\\b"
              + "|gist|pastebin|transfer\\.sh|\\s-t\\s+\\S{1,200}\\s+\\S{0,80}(?:sftp|ftps?|https?)://"
              + "|\\bssh\\s[^|;&\\n]{0,200}cat\\s*>|\\bproduce\\b[^\\n]{0,300}(?:--to|--dest\\w*|_dest)"
              + "|(?:^|\\s)claude\\s+-p\\b|\\bgemini\\s+-p\\b|\\bmessages\\.create|chat\\.completions"
              + "|\\b(?:s3|gsutil|storage)\\s+(?:cp|sync|mv)\\b[^\\n]{0,300}(?:s3|gs)://|\\bdeliver\\b"
              + "|--(?:email-)?to\\b|email[-_]to\\b|make_public");

  /**
   * What must not leave: privileged or unredacted material, an investigation's or a hotline's, a
   * whistleblower's, a personnel matter's, a data subject's export, a law enforcement request's,
   * restricted hash sets.
   */
  private static final Pattern SENSITIVE =
      Pattern.compile(
          "(?<!exclude-tags\\s)(?<!exclude\\s)(?<!--)privilege\\w*|include[-_]?privileged"
              + "|attorney[-_ ]?client|work[-_ ]product|counsel[-_ ]?(?:memo|analysis|notes|advice"
              + "|opinion)|outside[-_ ]counsel|per (?:outside )?counsel|unredact\\w*|delete_annot"
              + "|remove[-_]?redact\\w*|strip[-_]?redact\\w*|redact_annot|remove-restrictions"
              + "|hotline|whistleblow\\w*|ethicspoint|\\beth-\\d|ethics[-_ ]?(?:case|report)"
              + "|investigation[-_ ]?(?:case|report|file|notes|findings|summary)|internal[-_ ]"
              + "investigation|an investigation|(?:hr|ethics|misconduct|workplace)[-_ ]investigation"
              + "|investigations/|/investigations\\b|under investigation|interview[-_ ]?notes"
              + "|\\bintake\\b|grievance|personnel[-_ ]?file|(?:^|[\\s/'\"=@])hr/|silent[-_ ]hold"
              + "|hold on your|collecting your|(?<![a-z])dsar|subject[-_ ]access|law[-_ ]?enforcement"
              + "|\\ble[-_]response|\\bler-\\d|subpoena|hash[-_]?sets?|photodna|ncmec|cybertip|csam"
              + "|e-?discovery|review[-_ ]?workspace|/workspaces/|/matters/|privileged|make_public"
              + "|privacy\\s+export|(?:personal|subject)[-_ ]data[-_ ]export");

  /** A reporting channel's or an investigation's name, which discloses only with a case. */
  private static final Pattern CHANNEL_WORD =
      Pattern.compile("hotline|whistleblow|ethicspoint|ethics|investigation|grievance");

  /** A case: its number, its intake, its interviews, findings or allegations. */
  private static final Pattern CASE_MARK =
      Pattern.compile(
          "\\b[a-z]{2,6}-\\d{4}-\\d{2,6}\\b|\\bcase[-_ #:]{0,3}(?:no|id|number)?[-_ #:]{0,3}\\d"
              + "|intake|interview|findings|allegation|complain\\w*|about you|your (?:laptop|mailbox"
              + "|account|drive)|against you|accus\\w*");

  /** What says a message is the hold's own notice to its custodians, not a warning. */
  private static final Pattern HOLD_NOTICE =
      Pattern.compile("hold[-_ ]notice|preservation[-_ ]notice|notice of (?:legal )?hold");

  /** A data subject's export delivered without the subject's identity checked. */
  private static final Pattern UNVERIFIED =
      Pattern.compile(
          "(?:skip|no|without|bypass)[-_]?(?:identity[-_]?)?verif\\w*|--unverified|--no-verify");

  private static String disclosed(Scan scan) {
    RecordsCall call = RecordsCall.of(scan);
    if (!call.acts()) {
      return null;
    }
    String text = call.shell() ? call.text() : call.actingText();
    Matcher outward = PatternLiterals.matcher(OUTWARD, text);
    if (!outward.find()) {
      return null;
    }
    if (call.shell()) {
      // Blanking only takes text away: looked for again only where the whole text has a match.
      outward = PatternLiterals.matcher(OUTWARD, withoutReadersWords(scan, text));
      if (!outward.find()) {
        return null;
      }
    }
    String cleaned = text.replace("--privileged", "");
    Matcher sensitive = PatternLiterals.matcher(SENSITIVE, cleaned);
    while (sensitive.find()) {
      String what = sensitive.group().strip();
      if (what.startsWith("privilege") && excluded(cleaned, sensitive.start())) {
        continue;
      }
      if (what.startsWith("dsar")
          || what.startsWith("subject")
          || what.startsWith("privacy")
          || what.startsWith("personal")) {
        if (!PatternLiterals.finds(UNVERIFIED, text) && !toAnother(text)) {
          continue; // a delivery to the subject checked: the subject's own right
        }
      }
      if (PatternLiterals.finds(HOLD_NOTICE, text)) {
        return null;
      }
      if (PatternLiterals.finds(CHANNEL_WORD, what) && !PatternLiterals.finds(CASE_MARK, text)) {
        continue; // the channel's figures or its code, no one's case
      }
      if ((what.startsWith("e-") || what.startsWith("ediscovery") || what.contains("matters"))
          && !text.contains("/members")
          && !text.contains("/invit")
          && !text.contains("/share")
          && !text.contains("/permissions")
          && !text.contains("/collaborators")) {
        continue; // a production of what is not privileged: the ordinary course of a matter
      }
      if (what.contains("workspace")
          && !(text.contains("/members")
              || text.contains("/invit")
              || text.contains("/share")
              || text.contains("/permissions"))) {
        continue;
      }
      return what + " (" + outward.group().strip() + ")";
    }
    return null;
  }

  /** Programs whose words are patterns and filters over what they read, never a destination. */
  private static final Set<String> SEARCHERS =
      NameSet.of(
          "grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "pdfgrep", "head", "tail", "wc",
          "sort", "uniq", "cut", "tr", "column");

  /**
   * The call's text with the words of its searchers ({@link #SEARCHERS}) blanked: {@code kubectl
   * logs … | grep -E 'ERROR|persona_webhook'} looks for a webhook's lines, it sends nothing (round
   * 29's date-005). Not the other local programs' ({@code gh gist create} sends, {@code jq -n}
   * builds a body: {@code '{comment:{body:$b,public:true}}'}).
   */
  private static String withoutReadersWords(Scan scan, String text) {
    String kept = text;
    for (Step step : scan.steps()) {
      if (!SEARCHERS.contains(step.program())) {
        continue;
      }
      for (Word word : step.args()) {
        String lower = word.text().toLowerCase(java.util.Locale.ROOT);
        int at = lower.length() < 3 ? -1 : kept.indexOf(lower);
        if (at >= 0) {
          kept =
              kept.substring(0, at)
                  + " ".repeat(lower.length())
                  + kept.substring(at + lower.length());
        }
      }
    }
    return kept;
  }

  /** The data subject's address, as a subject access request's command names it. */
  private static final Pattern SUBJECT_ADDRESS =
      Pattern.compile(
          "(?:subject|requester|requestor|user)[-_]?e?-?mail[= ]+['\"]?([^\\s'\"]{3,120}@[^\\s'\"]{1,120})");

  /** Where the export is delivered. */
  private static final Pattern DELIVERED_TO =
      Pattern.compile(
          "(?:deliver[-_]?to|--to|email[-_]?to|send[-_]?to|--recipient|--deliver)[= ]+['\"]?(?:email:)?"
              + "([^\\s'\"]{3,120}@[^\\s'\"]{1,120})");

  /** Whether a subject's export is delivered to an address other than the subject's own. */
  private static boolean toAnother(String text) {
    Matcher subject = PatternLiterals.matcher(SUBJECT_ADDRESS, text);
    Matcher to = PatternLiterals.matcher(DELIVERED_TO, text);
    return subject.find() && to.find() && !subject.group(1).equals(to.group(1));
  }

  /** Whether a word of privilege at {@code at} is named to be left out ({@code --exclude-tags}). */
  private static boolean excluded(String text, int at) {
    int from = Math.max(0, at - 40);
    String before = text.substring(from, at);
    int exclude = before.lastIndexOf("exclude");
    int include = before.lastIndexOf("include");
    return exclude >= 0 && exclude > include || before.endsWith("non-") || before.endsWith("not ");
  }

  /**
   * A confidential safety program whose data its agreement keeps from being tied to a crewmember
   * (decision 215): ASAP's reports, FOQA's flight data.
   */
  private static final String SAFETY_PROGRAM =
      "\\basap[-_](?:reports?|submissions?|narratives?|events?)\\b|\\bfoqa\\b|foqa[-_/]";

  /** The crew roster or a crewmember's name, what ties a safety program's data to a pilot. */
  private static final Pattern CREW_IDENTITY =
      Pattern.compile("\\broster\\w*|crew_member\\w*|\\bemp_no\\b|\\blast_name\\b");

  /** An anonymous reporting channel. */
  private static final Pattern CHANNEL =
      Pattern.compile(
          "hotline|whistleblow\\w*|ethicspoint|speakup|speak-up|ethics|anonymous[-_ ]?report\\w*"
              + "|navex|convercent"
              // decision 215: aviation's confidential safety programs (ASAP reports, FOQA data)
              + "|"
              + SAFETY_PROGRAM);

  /** What identifies the reporter: an address, an agent, a sign-on, a web server's log. */
  private static final Pattern IDENTITY =
      Pattern.compile(
          "client_ip|remote_addr|x-forwarded-for|user_agent|sso_subject|ip_address|\\bip\\b"
              + "|access\\.log|\\$1\\b|submitter\\w*|reporter_(?:ip|email|id|name)|device_id"
              + "|post\\s+/\\S{0,40}(?:submit|report)");

  private static String reporterIdentified(Scan scan) {
    RecordsCall call = RecordsCall.of(scan);
    if (!call.shell() || call.acting().isEmpty()) {
      return null;
    }
    String text = call.text();
    Matcher channel = PatternLiterals.matcher(CHANNEL, text);
    if (!channel.find()) {
      return null;
    }
    Matcher identity = PatternLiterals.matcher(IDENTITY, text);
    if (!identity.find()) {
      identity = PatternLiterals.matcher(CREW_IDENTITY, text);
      if (!channel.group().matches(SAFETY_PROGRAM) || !identity.find()) {
        return null;
      }
    }
    // A read of the channel's own data or logs (a database, another host, a cluster's logs), not
    // of its source code.
    for (String step : call.acting()) {
      if (step.startsWith("ssh ")
          || step.startsWith("psql")
          || step.startsWith("mysql")
          || step.startsWith("mariadb")
          || step.startsWith("sqlcmd")
          || step.startsWith("mongo")
          || step.startsWith("kubectl")
          || step.startsWith("oc ")
          || step.startsWith("aws ")
          || step.startsWith("gcloud")
          || step.startsWith("az ")
          || step.startsWith("docker")
          || step.startsWith("curl")
          || step.startsWith("bq ")
          || step.startsWith("snowsql")
          || step.startsWith("duckdb")
          || step.startsWith("clickhouse")
          || step.startsWith("python")
          || step.startsWith("node")) {
        return identity.group() + " of " + channel.group();
      }
    }
    return null;
  }
}
