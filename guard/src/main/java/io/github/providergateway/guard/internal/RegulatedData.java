package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Regulated data, the one notion the book's {@code regulated} rules share (issue 80 round 6,
 * decision 107): a path or a file's name that marks data held under a law or an agreement
 * (protected health information, patients, MRNs, MIMIC and PhysioNet, dbGaP's {@code phs…} studies,
 * UK Biobank, identifiers, linkage keys and crosswalks, an honest broker's folder, {@code
 * restricted}, {@code controlled}, export-controlled work), and none of whose parts says it is
 * synthetic, de-identified or a test's. The predicates read where such data goes: to another host
 * or another's bucket, opened to others by its mode or ACL, to an AI vendor's API, into a URL's
 * query, attached to a mail, to a printer, production's database restored into a lower environment,
 * a linkage key read, a credential read from another person's home.
 */
final class RegulatedData {
  private RegulatedData() {}

  /** The most text read of a command or of inline code. */
  static final int MAX_TEXT = 32 * 1024;

  /** The parts of a name that mark regulated data. */
  private static final Set<String> MARKS =
      NameSet.of(
          "phi",
          "ephi",
          "pii",
          "hipaa",
          "patient",
          "patients",
          "mrn",
          "mrns",
          "mimic",
          "mimiciv",
          "mimiciii",
          "physionet",
          "eicu",
          "dbgap",
          "ukb",
          "ukbb",
          "biobank",
          "ukbiobank",
          "linkage",
          "crosswalk",
          "crosswalks",
          "ehr",
          "emr",
          "oncology",
          "psychotherapy",
          "genotype",
          "genotypes",
          "genotyped",
          "cprd",
          "nhs",
          "medicaid",
          "medicare",
          "confidential",
          "embargoed",
          "itar",
          "ear99",
          "cui",
          "hiv",
          "diagnoses",
          "prescriptions",
          "honest");

  /**
   * The parts of a name that mark regulated data only beside a companion ({@link #COMPANIONS}):
   * {@code cohort_full_identifiers}, {@code restricted/participants.csv}, {@code
   * discharge_summaries}; alone they are a game's {@code random_encounters}, a battery's {@code
   * discharge} curve, a {@code clinical_trial_protocol}. A folder of DICOM studies as they came in
   * ({@code /data/dicom/inbound/msv}: decision 206) holds patients' images, names and MRNs; a
   * viewer's {@code src/dicom} or a test's images do not.
   */
  private static final Set<String> WEAK_MARKS =
      NameSet.of(
          "identifiers",
          "identified",
          "identifiable",
          "reidentified",
          "encounters",
          "admissions",
          "discharge",
          "clinical",
          "controlled",
          "restricted",
          "dicom");

  /** The parts of a name that make a weak mark regulated data: whose, or what kind of record. */
  private static final Set<String> COMPANIONS =
      NameSet.of(
          "cohort",
          "participants",
          "participant",
          "subjects",
          "subject",
          "members",
          "member",
          "full",
          "notes",
          "note",
          "summaries",
          "summary",
          "records",
          "record",
          "access",
          "registry",
          "linked",
          "persons",
          "people",
          "individual",
          "individuals",
          "cases",
          "inbound",
          "incoming",
          "studies");

  /** The parts of a name that say the data is not regulated: synthetic, de-identified, a test's. */
  static final Set<String> UNMARKS =
      NameSet.of(
          "synthetic",
          "synthea",
          "deid",
          "deidentified",
          "anonymized",
          "anonymised",
          "anon",
          "anonymous",
          "fake",
          "faker",
          "mock",
          "mocks",
          "dummy",
          "test",
          "tests",
          "testdata",
          "fixture",
          "fixtures",
          "example",
          "examples",
          "demo",
          "sample",
          "samples",
          "simulated",
          "toy",
          "public",
          "open",
          "masked",
          "redacted",
          "schema",
          "schemas",
          "phantom",
          "phantoms");

  /** What parts a lowered name: compiled once, not by {@code String.split} for every word. */
  static final Pattern NOT_WORD = Pattern.compile("[^a-z0-9]+");

  /** A dbGaP study's accession as a part of a name. */
  private static final Pattern DBGAP = Pattern.compile("phs\\d{6}");

  /** The endings of code and documents: a file about the data, not the data. */
  static final Pattern CODE_END =
      Pattern.compile(
          "(?i).*\\.(?:py|pyc|ipynb|js|mjs|cjs|ts|tsx|jsx|java|kt|go|rs|c|h|cc|cpp|hpp|rb|php|sh|bash"
              + "|zsh|ps1|r|jl|scala|cs|swift|m|md|rst|adoc|html?|css|scss|ya?ml|toml|ini|cfg|conf"
              + "|lock|sql|proto|graphql|tf|hcl|j2|jinja|tmpl|mk|gradle|xml|properties|env)$");

  /** The endings of files of data, what a mail or a printer carries. */
  static final Pattern DATA_END =
      Pattern.compile(
          "(?i).*\\.(?:csv|tsv|psv|xlsx?|parquet|feather|arrow|jsonl?|ndjson|sqlite3?|db|dump|sql\\.gz"
              + "|sav|dta|sas7bdat|rds|rdata|h5|hdf5|pkl|pickle|zip|gz|tgz|bz2|xz|7z|tar|pdf|docx?"
              + "|hl7|dcm|nii(?:\\.gz)?|vcf(?:\\.gz)?|bam|cram|bgen|bed|pgen)$");

  /** The programs that touch a file without showing what it holds: its name, mode, size, hash. */
  static final Set<String> NOT_READERS =
      NameSet.of(
          "ls",
          "stat",
          "file",
          "du",
          "find",
          "test",
          "[",
          "mkdir",
          "touch",
          "git",
          "chmod",
          "chown",
          "chgrp",
          "setfacl",
          "getfacl",
          "wc",
          "sha256sum",
          "md5sum",
          "sha1sum",
          "b2sum",
          "lsattr");

  /** A model served on this machine. */
  static final Pattern LOCAL_MODEL =
      Pattern.compile("(?i)localhost|127\\.0\\.0\\.1|ollama|llama[_.]?cpp|vllm|lmstudio");

  /** A quoted path in code. */
  static final Pattern CODE_PATH = Pattern.compile("['\"]([^'\"\\s]{1,300})['\"]");

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("regulated-data-in-url", RegulatedSinks::inUrl);
    named.put(
        "linkage-key-read", RegulatedAccess.LINKAGE_NAMED.around(RegulatedAccess::linkageRead));
    named.put("production-into-lower-environment", RegulatedAccess::productionDownward);
    named.put(
        "others-credential-read",
        RegulatedAccess.OTHERS_CREDENTIAL.around(RegulatedAccess::othersCredential));
    named.put("regulated-data-committed", RegulatedCopies::committed);
    named.put("regulated-data-piped-out", RegulatedCopies::pipedOut);
    named.put("regulated-data-wrapped-copy", RegulatedCopies::wrappedCopy);
    named.put("regulated-data-as-another", RegulatedAccess::asAnother);
  }

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("regulated-data-copied-out", (scan, step, read) -> RegulatedCopies.copiedOut(step));
    named.put("regulated-data-opened", (scan, step, read) -> RegulatedSinks.opened(step));
    named.put("regulated-data-to-model", (scan, step, read) -> RegulatedSinks.toModel(scan, step));
    named.put("regulated-data-mailed", (scan, step, read) -> RegulatedSinks.mailed(scan, step));
    named.put("regulated-data-printed", (scan, step, read) -> RegulatedSinks.printed(step));
    named.put("regulated-data-published", (scan, step, read) -> RegulatedCopies.published(step));
    named.put(
        "regulated-data-shared-place", (scan, step, read) -> RegulatedCopies.sharedPlace(step));
    named.put("regulated-data-to-service", (scan, step, read) -> RegulatedSinks.toService(step));
  }

  /**
   * Whether a path or a name marks regulated data: one of its parts is a mark, none says synthetic,
   * de-identified or a test's, and it is not code or a document about the data.
   *
   * @param path the path or name, as a command wrote it
   * @return whether it marks regulated data
   */
  static boolean marks(String path) {
    if (path == null || path.length() > 1024 || path.isEmpty()) {
      return false;
    }
    String name = path;
    int query = name.indexOf('?');
    name = query >= 0 ? name.substring(0, query) : name;
    if (PatternLiterals.matches(CODE_END, name)) {
      return false;
    }
    boolean marked = false;
    boolean weak = false;
    boolean companion = false;
    String previous = "";
    for (String part : NOT_WORD.split(name.toLowerCase(Locale.ROOT))) {
      if (part.isEmpty()) {
        continue;
      }
      if (UNMARKS.contains(part)
          || part.startsWith("synth")
          || part.startsWith("deident")
          || part.startsWith("anonymi")) {
        return false;
      }
      if (part.equals("broker") && previous.equals("honest")
          || MARKS.contains(part) && !part.equals("honest")
          || PatternLiterals.matches(DBGAP, part)
          || part.equals("control") && previous.equals("export")
          || part.equals("controlled") && previous.equals("export")) {
        marked = true;
      }
      weak |= WEAK_MARKS.contains(part);
      companion |= COMPANIONS.contains(part);
      previous = part;
    }
    if (marked || weak && companion) {
      return true;
    }
    // A folder named for it alone: /project/lab/restricted/, /data/controlled/
    for (String segment : name.toLowerCase(Locale.ROOT).split("/")) {
      if (segment.equals("restricted") || segment.equals("controlled")) {
        return true;
      }
    }
    return false;
  }

  /** Whether code names a regulated file or folder in a quoted string. */
  static boolean namesRegulated(String code) {
    Matcher path = CODE_PATH.matcher(code.replace("\\\"", "\"").replace("\\'", "'"));
    while (path.find()) {
      String text = path.group(1);
      if ((text.contains("/") || PatternLiterals.matches(DATA_END, text)) && marks(text)) {
        return true;
      }
    }
    return false;
  }

  /** An interpreter's inline code, its first {@value #MAX_TEXT} characters; null for none. */
  static String code(Step step) {
    String code = InterpreterCode.of(step);
    return code == null || code.length() <= MAX_TEXT ? code : code.substring(0, MAX_TEXT);
  }

  /** Whether a word's source text ($(cat …), "…") names a regulated file among its parts. */
  static boolean marksWithin(String text) {
    for (String token : text.split("[\\s\"'()$`<]+")) {
      if (token.contains("/") && marks(token)) {
        return true;
      }
    }
    return false;
  }
}
