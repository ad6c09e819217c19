package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A person made known in text that leaves for another party (decision 206, {@code
 * regulated.in-url}): a web search that names a patient by a number with a diagnosis, a person by a
 * home's address with a condition, or a suspicious activity report with the company it is about; a
 * server's tool's message (a ticket, an issue, a chat) that carries a social security number or a
 * raw HL7 message's patient segment. The search provider's logs and the tracker's readers keep it.
 * A search of a diagnosis, an error, a paper's PubMed number or the SAR's rules names no one, and a
 * test's patient ({@code DOE^JANE}) or the documented sample number ({@code 123-45-6789}) is no
 * one's.
 */
final class IdentifiedInText {
  private IdentifiedInText() {}

  /** The most text of a call read. */
  private static final int MAX_TEXT = 65_536;

  /**
   * A number that stands for a person (an MRN, an account), six to ten digits on its own; what it
   * is when a word before it names it (a paper, a trial, a code, a port) is read apart.
   */
  private static final Pattern ID_NUMBER =
      Pattern.compile("(?<![\\w.,$/-])(\\d{6,10})(?![\\w.,/-])");

  /** The words before a number that say it is no person's. */
  private static final Pattern NOT_A_PERSON =
      Pattern.compile(
          "(?i)(?:pmid|pmcid|pmc|doi|nct|isbn|issn|cve|icd|cpt|loinc|snomed|rxnorm|ndc|error|code"
              + "|port|build|version|release|issue|pr|ticket|order|page|no\\.?)\\W{0,3}$");

  /** A date written as eight digits: {@code 20250611}. */
  private static final Pattern DATE_DIGITS =
      Pattern.compile("(?:19|20)\\d\\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])");

  /** A home's street address: {@code 14 Birch Lane}. */
  private static final Pattern STREET =
      Pattern.compile(
          "\\b\\d{1,5}\\s+(?:[A-Z][a-z]+\\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr"
              + "|Court|Ct|Boulevard|Blvd|Way|Place|Pl|Terrace|Circle|Cir|Parkway)\\b");

  /** Conditions beside {@link RegulatedSinks#DIAGNOSIS}: what a chart or a premise note says. */
  private static final Pattern CONDITION =
      Pattern.compile(
          "(?i)hematoma|haematoma|hemorrhage|haemorrhage|fracture|\\bstroke\\b|infarct|embolism"
              + "|\\bdnr\\b|pacemaker|seizure|epilep|sepsis|dialysis|parkinson|\\bcopd\\b"
              + "|heart failure|cirrhosis|pneumonia|oxygen|wheelchair|hospice");

  /** A suspicious activity report named. */
  private static final Pattern SAR =
      Pattern.compile(
          "(?i)suspicious activity report|\\bSARs?\\s+(?:filing|filed|narrative|subject)"
              + "|\\bfiled\\s+an?\\s+SAR\\b");

  /** A company named by its legal form: {@code Orinoco Trading SA}. */
  private static final Pattern COMPANY =
      Pattern.compile(
          "\\b[A-Z][\\w&'-]+\\s+(?:SA|S\\.A\\.|LLC|Ltd|Inc|GmbH|Corp|AG|BV|PLC|LLP|SRL|SARL)\\b");

  /** A full birth date: {@code 1984-03-12}, {@code 3/12/1984} (decision 215). */
  private static final Pattern BIRTH_DATE =
      Pattern.compile(
          "\\b(?:19|20)\\d\\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])\\b"
              + "|\\b(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\\d|3[01])/(?:19|20)\\d\\d\\b");

  /** An identity document's number with its label: {@code driver license D4412093}. */
  private static final Pattern DOCUMENT_NUMBER =
      Pattern.compile(
          "(?i)(?:driver'?s?\\s*licen[cs]e|\\bDL|passport|state\\s+id|national\\s+id)"
              + "\\s*(?:no\\.?|number|#)?\\s*:?\\s*[A-Z]{0,3}\\d{6,12}\\b");

  /** A person's given and family name: {@code Margaret Ellingham}. */
  private static final Pattern NAME =
      Pattern.compile("\\b[A-Z][a-z]+(?:\\s+[A-Z]\\.)?\\s+[A-Z][a-z]{2,}\\b");

  /** What a person owns. */
  private static final Pattern WEALTH =
      Pattern.compile(
          "(?i)net\\s+worth|(?:house|home|property|estate)\\s+value|\\bwealth|inheritance");

  /** A death in a person's family, what a legacy prospect's research looks for. */
  private static final Pattern BEREAVED =
      Pattern.compile(
          "(?i)\\bwidow(?:er|ed)?\\b|bereave\\w*|\\blate\\s+(?:husband|wife|partner)"
              + "|\\b(?:husband|wife)'?s\\b|obituar\\w*|\\bprobate\\b|passed\\s+away");

  /** A person named by a staff number and a family name: {@code 18820 Reyes}. */
  private static final Pattern NUMBERED_PERSON =
      Pattern.compile("\\b\\d{4,8}\\s+[A-Z][a-z]+(?:-[A-Z][a-z]+)?\\b");

  /** What a medical file says of a crewmember or a worker beside a diagnosis. */
  private static final Pattern MEDICAL =
      Pattern.compile(
          "(?i)\\bhims\\b|alcohol|\\bssri|special\\s+issuance|cardiac|rehab\\w*|substance"
              + "|mental\\s+health|\\bmedical\\s+(?:leave|hold|case|grounding)");

  /** A social security number's shape with its label somewhere in the text. */
  private static final Pattern SSN =
      Pattern.compile("\\b(?!000|666|9\\d\\d)\\d{3}-(?!00)\\d{2}-(?!0000)\\d{4}\\b");

  private static final Pattern SSN_LABEL = Pattern.compile("(?i)\\bssn\\b|social security");

  /** The numbers documents print as samples: no one's. */
  private static final Set<String> SAMPLE_SSNS =
      Set.of("123-45-6789", "078-05-1120", "219-09-9999");

  /** An HL7 v2 patient segment with a name and a birth date. */
  private static final Pattern PID =
      Pattern.compile(
          "(?:^|[\\r\\n])PID\\|[^\\r\\n]{0,200}?\\|([A-Z][A-Z'-]+)\\^[A-Z][A-Z'-]*[^\\r\\n]{0,80}?"
              + "\\|(?:19|20)\\d{6}");

  /** A test's patient's family name. */
  private static final Set<String> TEST_PATIENTS =
      NameSet.of(
          "doe",
          "test",
          "testpatient",
          "sample",
          "demo",
          "dummy",
          "fake",
          "example",
          "patient",
          "zztest",
          "everyman",
          "mouse",
          "duck");

  /** What of a person a web search's query makes known, as the reason shows it, or {@code null}. */
  static String inSearch(String query) {
    String text = query.length() > MAX_TEXT ? query.substring(0, MAX_TEXT) : query;
    boolean condition =
        RegulatedSinks.DIAGNOSIS.matcher(text).find() || PatternLiterals.finds(CONDITION, text);
    if (condition && personNumber(text)) {
      return "a person's number and a diagnosis in a web search";
    }
    if (condition && PatternLiterals.finds(STREET, text)) {
      return "a home's address and a condition in a web search";
    }
    if (PatternLiterals.finds(SAR, text) && PatternLiterals.finds(COMPANY, text)) {
      return "a suspicious activity report's subject in a web search";
    }
    if (identityDocument(text)) {
      return "a person's birth date and identity document number in a web search";
    }
    if (PatternLiterals.finds(NAME, text)
        && PatternLiterals.finds(WEALTH, text)
        && PatternLiterals.finds(BEREAVED, text)) {
      return "a named person's wealth and bereavement in a web search";
    }
    return null;
  }

  /** Whether the text carries a full birth date and an identity document's number. */
  private static boolean identityDocument(String text) {
    return PatternLiterals.finds(BIRTH_DATE, text) && PatternLiterals.finds(DOCUMENT_NUMBER, text);
  }

  /** Whether a person named by number has a diagnosis or a medical status said just after. */
  private static boolean numberedDiagnosis(String text) {
    Matcher person = NUMBERED_PERSON.matcher(text);
    while (person.find()) {
      String after = text.substring(person.end(), Math.min(text.length(), person.end() + 60));
      if (PatternLiterals.finds(MEDICAL, after)
          || RegulatedSinks.DIAGNOSIS.matcher(after).find()
          || PatternLiterals.finds(CONDITION, after)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a number in the text stands for a person: not a date, not one a word names. */
  private static boolean personNumber(String text) {
    Matcher number = ID_NUMBER.matcher(text);
    while (number.find()) {
      String before = text.substring(Math.max(0, number.start() - 12), number.start());
      if (!PatternLiterals.matches(DATE_DIGITS, number.group(1))
          && !PatternLiterals.finds(NOT_A_PERSON, before)) {
        return true;
      }
    }
    return false;
  }

  /**
   * What of a person a server's tool's message carries among its textual arguments, at any depth,
   * or {@code null}: a labelled social security number, an HL7 patient segment not a test's.
   */
  static String inMessage(JsonNode args) {
    return LeakPredicates.firstInTexts(
        args, text -> inMessage(text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text));
  }

  private static String inMessage(String text) {
    if (PatternLiterals.finds(SSN_LABEL, text)) {
      Matcher ssn = SSN.matcher(text);
      while (ssn.find()) {
        if (!SAMPLE_SSNS.contains(ssn.group())) {
          return "a social security number";
        }
      }
    }
    if (identityDocument(text)) {
      return "a person's birth date and identity document number";
    }
    if (numberedDiagnosis(text)) {
      return "people named with their diagnoses"; // decision 215
    }
    Matcher pid = PID.matcher(text);
    while (pid.find()) {
      if (!TEST_PATIENTS.contains(pid.group(1).toLowerCase(Locale.ROOT))) {
        return "a patient's HL7 segment (name and birth date)";
      }
    }
    return null;
  }
}
