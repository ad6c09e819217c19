package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code people} rules ask of an act on people (issue 80 round 9, decision 138):
 * the HR, payroll and people systems' acts as the trade spells them, read from the call's text as
 * the {@code records} rules read it ({@link RecordsCall}: its acting programs, and none where the
 * call says dry run, validation, draft, this machine or a vendor's test tenant). A person's pay or
 * deductions changed in a payroll system or an HRIS (Gusto, ADP, BambooHR, Workday, SuccessFactors,
 * Rippling, Deel, a payroll database); a candidate screened or judged in their name (a background
 * check's adverse action, E-Verify before a hire, a scorecard written as someone else, an
 * unemployment claim answered); a benefits carrier's enrolment feed sent by hand; a warehouse's
 * protection of people's data taken off; a protected activity written into a record. The files of
 * people's records and the pay laws' floors are {@link PeopleFiles}'.
 */
final class PeoplePredicates {
  private PeoplePredicates() {}

  /** Adds each predicate of the whole call under its name, {@link PeopleFiles}' too. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    PeopleFiles.addCallsTo(named);
    named.put("people-pay-changed", PeoplePredicates::payChanged);
    named.put(
        "people-candidate-judged", CallClues.of(JUDGES).around(PeoplePredicates::candidateJudged));
    named.put("people-benefits-feed-sent", PeoplePredicates::benefitsFeedSent);
    named.put(
        "people-data-protection-removed",
        PeoplePredicates.UNPROTECTS_NAMED.around(PeoplePredicates::protectionRemoved));
    named.put("people-protected-activity-recorded", PeoplePredicates::protectedActivity);
    named.put("people-protective-flags-cleared", ProtectiveFlagsCleared::cleared);
    named.put("people-records-shared-wide", RecordsSharedWide::shared);
  }

  /** The first match of a pattern in a text, as the reason shows it, or {@code null}. */
  static String first(Pattern pattern, String text) {
    Matcher found = PatternLiterals.matcher(pattern, text); // no regex where its literals are not
    return found.find() ? found.group() : null;
  }

  /** Whether a shell command runs one of these programs. */
  static boolean runsOneOf(Scan scan, Set<String> programs) {
    if (scan.source() == null) {
      return false;
    }
    for (Step step : scan.steps()) {
      if (programs.contains(step.program())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the whole call's text says it acts on nothing real: a dry run, a validation, a draft,
   * this machine, a vendor's test tenant ({@link RecordsCall#NOT_REAL}, {@link TestEndpoints}).
   */
  static boolean notReal(String text) {
    return RecordsCall.NOT_REAL.matcher(text).find() || TestEndpoints.names(text);
  }

  // ---- A person's pay or deductions changed ----

  /**
   * A forge's or a tracker's tool that writes about the code (decision 305: {@code
   * mcp__github__create_pull_request} for {@code acme-payroll/paycore}, its body telling of the
   * paystub's deductions): a pull request, an issue, a comment or a review is text, no pay.
   */
  private static final Pattern ABOUT_THE_CODE =
      Pattern.compile(
          "(?i)^mcp__(?:github|gitlab|bitbucket|gitea|forgejo|azure[-_]?devops)__"
              + "|pull_?request|merge_?request|_issue|_comment|_review|_discussion");

  private static boolean aboutTheCode(Scan scan) {
    CallForRules call = scan.call();
    return call != null
        && !call.tool().equals("shell")
        && PatternLiterals.finds(ABOUT_THE_CODE, call.tool());
  }

  /** A payroll system, an HRIS or a payroll database. */
  private static final Pattern PAY_SYSTEM =
      Pattern.compile(
          "gusto|\\badp\\b|_adp\\b|\\badp_|\\.adp\\.|bamboohr|workday|successfactors|rippling"
              + "|paylocity|paychex|\\bdeel\\b|\\.deel\\.|justworks|trinet|personio|hibob|ultipro|\\bukg"
              + "|dayforce|ceridian|paycom|paycor|namely|oysterhr|papayaglobal|payroll|\\bhris\\b");

  /** What of a person's pay an act changes: where it is paid, what is withheld, what is earned. */
  private static final Pattern PAY =
      Pattern.compile(
          "bank[-_]?accounts?|pay[-_]?distributions?|direct[-_]?deposits?|routing[-_]?number"
              + "|--routing\\b|garnishments?|compensation|comp[-_]change|pay[-_]data[-_]input"
              + "|earnings?[-_]?(?:inputs?|codes?)|one[-_]time[-_]payments?|pay[-_]?rates?|salar(?:y|ies)"
              + "|deductions?(?:[-_]elections?)?|\\b401k|roth401k|deferrals?|retirement[-_]plan"
              + "|pay[-_]?grade|wage[-_]?rates?");

  /** What writes it: a request that writes, a verb of a CLI or a wrapper, SQL that writes. */
  private static final Pattern WRITES =
      Pattern.compile(
          "-x\\s*['\"]?(?:post|put|patch|delete)\\b|\\bm=(?:post|put|patch)\\b|--data|\\s-d\\s"
              + "|\\b(?:post|put|patch)\\s+https?://|method\\W{1,4}(?:post|put|patch|delete)\\b"
              + "|\\.(?:post|put|patch|delete)\\s*\\(|\\b(?:set|update|add|create|insert|delete|remove"
              + "|launch|submit|change|modify|upsert)\\b|\\brequest_\\w+|\\.modify\\b"
              + "|\"active\"\\s*:\\s*false|--submit\\b|--apply\\b|--commit\\b");

  private static String payChanged(Scan scan) {
    RecordsCall call = RecordsCall.of(scan);
    if (!call.acts() || RecordsCall.readsOnly(scan) || aboutTheCode(scan)) {
      return null;
    }
    String text = call.text();
    String pay = first(PAY, text);
    if (pay == null || first(PAY_SYSTEM, text) == null) {
      return null;
    }
    String writes = first(WRITES, call.shell() ? call.actingText() : text);
    return writes != null ? pay + " changed (" + writes.strip() + ")" : null;
  }

  // ---- A candidate screened or judged in the company's name ----

  /** A background check's adverse action, E-Verify, a scorecard as someone else, a UI claim. */
  private static final Pattern JUDGES =
      Pattern.compile(
          "(?:pre[-_])?adverse[-_ ]?actions?|\\be-?verify\\w*|everify\\w*|(?:feedback|scorecards?)"
              + "[^|;&]{0,600}(?:perform_as|on-behalf-of|as_user)|(?:perform_as|as_user)[^|;&]{0,600}"
              + "(?:feedback|scorecards?)|\\be-?response\\w*|\\bsides\\b[^|;&]{0,80}claim|ui[-_]claims?"
              + "|unemployment[-_ ]claims?|--separation-reason\\b");

  /** What makes it an act: a request that writes, a live switch, a submission, production. */
  private static final Pattern LIVE =
      Pattern.compile(
          "-x\\s*['\"]?(?:post|put|patch)\\b|\\s-d\\s|--data|\\.(?:post|put|patch)\\s*\\(|--live\\b"
              + "|\\blive=(?:1|true|yes)\\b|--submit\\b|\\bsubmit\\w*\\b|--env[= ]+['\"]?prod\\w*"
              + "|--send\\b|--confirm\\b|--yes\\b");

  private static String candidateJudged(Scan scan) {
    RecordsCall call = RecordsCall.of(scan);
    String text = call.text();
    if (text.isEmpty() || RecordsCall.readsOnly(scan)) {
      return null;
    }
    String judged = first(JUDGES, text);
    if (judged == null || notReal(text)) {
      return null;
    }
    // A tool of a server acts by its name (its reads are no act); a command by a live switch.
    return !call.shell() || first(LIVE, text) != null ? judged : null;
  }

  // ---- A carrier's enrolment feed sent by hand ----

  /** An enrolment feed: an X12 834, an EDI file, a carrier's census. */
  private static final Pattern FEED =
      Pattern.compile(
          "(?<![0-9])834(?![0-9])|\\.edi\\b|\\.x12\\b|enrol(?:l)?ment[-_]?(?:file|feed)");

  /** What puts a file on another machine. */
  private static final Pattern PUTS =
      Pattern.compile(
          "(?:\\bm?|\\\\n)put\\s|--upload-file\\b|\\s-t\\s|\\breput\\s|\\bmirror\\s+-r\\b|rclone\\s+(?:copy|sync"
              + "|move)\\b|(?:^|[\\s;|&(])scp\\s|-x\\s*['\"]?(?:post|put)\\b|\\.put\\s*\\(|\\.upload\\w*\\s*\\(");

  /** The programs that send files to another machine. */
  private static final Set<String> SENDERS =
      NameSet.of("sftp", "lftp", "scp", "curl", "rclone", "ncftpput", "rsync", "python", "python3");

  private static String benefitsFeedSent(Scan scan) {
    if (!runsOneOf(scan, SENDERS)) {
      return null;
    }
    String text = RecordsCall.of(scan).text();
    String feed = first(FEED, text);
    if (feed == null || first(PUTS, text) == null || notReal(text)) {
      return null;
    }
    return "a benefits feed (" + feed + ") put on a carrier's server";
  }

  // ---- A warehouse's protection of people's data taken off ----

  /** A masking policy or a row access policy taken off, or the data granted to everyone. */
  private static final Pattern UNPROTECTS =
      Pattern.compile(
          "unset\\s+masking\\s+policy|drop\\s+masking\\s+policy|(?:drop|unset)\\s+row\\s+access"
              + "\\s+polic(?:y|ies)|drop\\s+all\\s+row\\s+access\\s+policies|disable\\s+row\\s+level\\s+"
              + "security|no\\s+force\\s+row\\s+level\\s+security|grant\\s+[^;\"]{0,300}(?:\\bhr|comp\\b"
              + "|comp[._]|salar|payroll|worker|employee|people|person|pii|ssn|candidate|applicant)"
              + "[^;\"]{0,300}\\bto\\s+(?:role\\s+)?public\\b|masking[^|;&]{0,120}polic(?:y|ies)\\W{1,6}(?:null|none|nil)\\b"
              + "|remove_masking\\w*|unset_masking\\w*|drop_row_access\\w*");

  /** A warehouse's connection or a dbt target that says development or test. */
  private static final Pattern DEV_TARGET =
      Pattern.compile(
          "(?:\\s(?:-c|--connection|--target|-t|--env|--profile)[= ]+|\"(?:connection|target"
              + "|database|env)\"\\s*:\\s*)['\"]?[\\w.-]*?(?:dev|development|test|ci|local|sandbox"
              + "|scratch)\\b");

  /** A shell call {@link #protectionRemoved} may find something in: a protection removed, named. */
  static final CallClues UNPROTECTS_NAMED = CallClues.of(UNPROTECTS);

  private static String protectionRemoved(Scan scan) {
    RecordsCall call = RecordsCall.of(scan);
    if (call.text().isEmpty()) {
      return null;
    }
    String text = call.text();
    String found = first(UNPROTECTS, text);
    if (found == null || first(DEV_TARGET, text) != null || notReal(text)) {
      return null;
    }
    return call.shell() && call.acting().isEmpty() ? null : found;
  }

  // ---- A protected activity held against a person in their record ----

  /** What a person's record says about them that later decisions read. */
  private static final Pattern RECORD_FLAG =
      Pattern.compile(
          "rehire|eligible[-_ ]?for[-_ ]?rehire|do[-_ ]not[-_ ]rehire|performance[-_ ]?(?:rating|note)"
              + "|disciplin\\w*|termination[-_ ]?reason");

  /** A protected activity: a complaint, leave, a charge, a claim, organising. */
  private static final Pattern PROTECTED =
      Pattern.compile(
          "harass\\w*[-_ ]complaint|filed\\s+(?:a\\s+)?(?:harassment|discrimination|eeoc|osha|wage)"
              + "|complain\\w*\\s+(?:to|about)\\s+(?:hr|osha|eeoc)|whistle[-_ ]?blow\\w*|eeoc\\s+charge"
              + "|\\bfmla\\b|medical\\s+leave|maternity|pregnan\\w*|workers'?\\s*comp\\w*|\\bunion\\s+(?:activity|organi[sz]\\w*|member\\w*|rep\\w*)|organi[sz]ing"
              + "|\\blawsuit|disability\\s+accommodation|\\bada\\s+request");

  private static String protectedActivity(Scan scan) {
    RecordsCall call = RecordsCall.of(scan);
    if (!call.acts() || RecordsCall.readsOnly(scan)) {
      return null;
    }
    String text = call.text();
    if (first(PAY_SYSTEM, text) == null && !text.contains("employee")) {
      return null;
    }
    String flag = first(RECORD_FLAG, text);
    String activity = flag != null ? first(PROTECTED, text) : null;
    return activity != null ? flag + " over " + activity : null;
  }
}
