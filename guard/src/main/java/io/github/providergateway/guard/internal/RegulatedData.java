package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
  private static final int MAX_TEXT = 32 * 1024;

  /** The parts of a name that mark regulated data. */
  private static final Set<String> MARKS =
      Set.of(
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
          "identified",
          "identifiers",
          "identifiable",
          "reidentified",
          "linkage",
          "crosswalk",
          "crosswalks",
          "restricted",
          "controlled",
          "ehr",
          "emr",
          "discharge",
          "clinical",
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
          "encounters",
          "admissions",
          "prescriptions",
          "honest");

  /** The parts of a name that say the data is not regulated: synthetic, de-identified, a test's. */
  private static final Set<String> UNMARKS =
      Set.of(
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
          "schemas");

  /** A dbGaP study's accession as a part of a name. */
  private static final Pattern DBGAP = Pattern.compile("phs\\d{6}");

  /** The endings of code and documents: a file about the data, not the data. */
  private static final Pattern CODE_END =
      Pattern.compile(
          "(?i).*\\.(?:py|pyc|ipynb|js|mjs|cjs|ts|tsx|jsx|java|kt|go|rs|c|h|cc|cpp|hpp|rb|php|sh|bash"
              + "|zsh|ps1|r|jl|scala|cs|swift|m|md|rst|adoc|html?|css|scss|ya?ml|toml|ini|cfg|conf"
              + "|lock|sql|proto|graphql|tf|hcl|j2|jinja|tmpl|mk|gradle|xml|properties|env)$");

  /** The endings of files of data, what a mail or a printer carries. */
  private static final Pattern DATA_END =
      Pattern.compile(
          "(?i).*\\.(?:csv|tsv|psv|xlsx?|parquet|feather|arrow|jsonl?|ndjson|sqlite3?|db|dump|sql\\.gz"
              + "|sav|dta|sas7bdat|rds|rdata|h5|hdf5|pkl|pickle|zip|gz|tgz|bz2|xz|7z|tar|pdf|docx?"
              + "|hl7|dcm|nii(?:\\.gz)?|vcf(?:\\.gz)?|bam|cram|bgen|bed|pgen)$");

  /** A linkage key or crosswalk by its name: what maps study IDs back to people. */
  private static final Pattern LINKAGE =
      Pattern.compile(
          "(?i)(?:^|[/_.-])(?:link(?:age)?[_-]?keys?|crosswalks?|honest[_-]?broker|re[_-]?id(?:entif"
              + "\\w{0,10})?[_-]?(?:keys?|maps?|table)|mrn[_-]?(?:maps?|mapping|lookup|keys?|xwalk)"
              + "|(?:study|subject|participant)[_-]?id[_-]?(?:maps?|mapping|keys?|lookup)|xwalk)"
              + "(?:$|[/_.-])");

  /** The words a command may use for a linkage key's file (a cheap test before the scan). */
  private static final List<String> LINKAGE_WORDS =
      List.of("link", "crosswalk", "xwalk", "honest", "reid", "re_id", "re-id", "mrn", "_id_map");

  /** The programs that touch a file without showing what it holds: its name, mode, size, hash. */
  private static final Set<String> NOT_READERS =
      Set.of(
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

  /** An AI vendor's API, in code or a script's options. */
  private static final Pattern MODEL_API =
      Pattern.compile(
          "(?i)\\bopenai\\b|\\banthropic\\b|chat\\.completions|messages\\.create|responses\\.create"
              + "|generativeai|genai\\.|generate_content|\\bcohere\\b|mistralai|\\bgroq\\b|invoke_model"
              + "|bedrock|together\\.ai|api\\.openai\\.com|api\\.anthropic\\.com|litellm|\\bgemini\\b"
              + "|replicate|huggingface_hub|InferenceClient|deepseek|perplexity");

  /** A model's or a provider's name given a script as an option's value. */
  private static final Pattern MODEL_NAME =
      Pattern.compile(
          "(?i)^(?:openai|anthropic|claude[\\w.-]{0,40}|gpt-?[\\w.-]{0,40}|o[134](?:-mini)?|gemini"
              + "[\\w.-]{0,40}|mistral[\\w.-]{0,40}|cohere|groq|bedrock|azure-openai|vertex|deepseek"
              + "[\\w.-]{0,40}|together)$");

  /** A model served on this machine. */
  private static final Pattern LOCAL_MODEL =
      Pattern.compile("(?i)localhost|127\\.0\\.0\\.1|ollama|llama[_.]?cpp|vllm|lmstudio");

  /** A quoted path in code. */
  private static final Pattern CODE_PATH = Pattern.compile("['\"]([^'\"\\s]{1,300})['\"]");

  /**
   * Inline code that opens a file's mode to others: {@code os.chmod(p, 0o644)}, {@code S_IROTH}.
   */
  private static final Pattern CODE_OPENS =
      Pattern.compile(
          "(?is)chmod(?:Sync)?\\s{0,3}\\(.{0,300}?(?:\\b0o?[0-7]?[0-7]{2}[4-7]\\b|S_IROTH|S_IRWXO)");

  /** Identifying text in a URL's query: an MRN, an SSN, a birth date, a patient and a diagnosis. */
  private static final Pattern QUERY_IDENTIFIES =
      Pattern.compile(
          "(?i)\\bmrn\\W{0,3}\\d{4,}|\\bssn\\W{0,3}\\d|\\b\\d{3}-\\d{2}-\\d{4}\\b|\\b(?:dob|date of"
              + " birth)\\W{0,3}\\d|\\bmedical record (?:number|no)\\W{0,3}\\d");

  private static final Pattern PATIENT = Pattern.compile("(?i)\\bpatient\\b|\\bpt\\b|\\bmrn\\b");

  private static final Pattern DIAGNOSIS =
      Pattern.compile(
          "(?i)\\bhiv\\b|\\baids\\b|cancer|malignan|carcinoma|tumou?r|diagnos|positive|diabet"
              + "|hepatitis|pregnan|overdose|psychiatr|schizo|bipolar|depress|biopsy|chemo|opioid"
              + "|suicid|std\\b|syphilis|dementia|alzheimer");

  /** The options of an HTTP client that carry a request's body. */
  private static final Set<String> BODY_OPTIONS =
      Set.of(
          "-d",
          "--data",
          "--data-raw",
          "--data-binary",
          "--data-urlencode",
          "--json",
          "-F",
          "--form",
          "--body-data",
          "--post-data");

  /** The personal mail domains: a mail to one leaves the organisation. */
  private static final Pattern PERSONAL_MAIL =
      Pattern.compile(
          "(?i)@(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|live|msn|icloud|me|mac|aol|proton"
              + "|protonmail|pm|gmx|mail|yandex|zoho|tutanota|fastmail|hey)\\.[a-z.]{2,10}\\b");

  /** The mail programs and the options that attach a file. */
  private static final Map<String, Set<String>> MAIL_ATTACH =
      Map.ofEntries(
          Map.entry("mutt", Set.of("-a")),
          Map.entry("neomutt", Set.of("-a")),
          Map.entry("mail", Set.of("-A", "-a", "--attach")),
          Map.entry("mailx", Set.of("-A", "-a", "--attach")),
          Map.entry("s-nail", Set.of("-a", "--attach")),
          Map.entry("bsd-mailx", Set.of("-A", "-a")),
          Map.entry("swaks", Set.of("--attach", "--attach-name")),
          Map.entry("sendemail", Set.of("-a")),
          Map.entry("mpack", Set.of()),
          Map.entry("aerc", Set.of("-a")));

  /** The programs that copy to another host or a bucket, with the options that take a value. */
  private static final Map<String, Set<String>> COPIERS =
      Map.ofEntries(
          Map.entry("scp", Set.of("-P", "-i", "-o", "-F", "-l", "-c", "-J", "-S")),
          Map.entry(
              "rsync",
              Set.of(
                  "-e",
                  "--rsh",
                  "--exclude",
                  "--include",
                  "--files-from",
                  "--filter",
                  "-f",
                  "--rsync-path",
                  "--port",
                  "--password-file",
                  "--bwlimit",
                  "--partial-dir",
                  "--temp-dir",
                  "-T",
                  "--chmod",
                  "--log-file")),
          Map.entry(
              "rclone",
              Set.of(
                  "--config",
                  "--include",
                  "--exclude",
                  "--filter",
                  "--transfers",
                  "--checkers",
                  "--bwlimit",
                  "--log-file",
                  "--max-age",
                  "--min-age",
                  "--backup-dir",
                  "--suffix",
                  "--drive-shared-with-me",
                  "--fast-list")),
          Map.entry("sftp", Set.of("-P", "-i", "-o", "-F", "-b")),
          Map.entry("azcopy", Set.of("--include-pattern", "--exclude-pattern", "--log-level")),
          Map.entry("gsutil", Set.of("-o", "-h", "-x", "-p")),
          Map.entry("s3cmd", Set.of("-c", "--config", "--exclude", "--include")),
          Map.entry("mc", Set.of("--config-dir", "--exclude")),
          Map.entry("gcloud", Set.of("--project", "--account", "--configuration")),
          Map.entry(
              "aws",
              Set.of(
                  "--profile",
                  "--region",
                  "--endpoint-url",
                  "--exclude",
                  "--include",
                  "--sse",
                  "--sse-kms-key-id",
                  "--storage-class",
                  "--acl",
                  "--cache-control",
                  "--content-type",
                  "--expected-size",
                  "--grants",
                  "--output",
                  "--query",
                  "--metadata",
                  "--tagging")));

  /** Inline code that uploads a file: a bucket's client, a drive's, a form's files. */
  private static final Pattern CODE_UPLOADS =
      Pattern.compile(
          "(?i)upload_file|upload_fileobj|put_object|upload_blob|upload_from_filename|blob\\.upload"
              + "|files\\.create|files=\\{|\\.sftp\\(|sftp\\.put|paramiko|ftplib|storbinary"
              + "|dropbox|onedrive|googleapiclient|MediaFileUpload|smbclient|pysftp");

  /** Inline code that mails. */
  private static final Pattern CODE_MAILS =
      Pattern.compile(
          "(?i)smtplib|yagmail|sendgrid|send_raw_email|send_email|nodemailer|mailgun|postmark"
              + "|EmailMessage|MIMEBase|add_attachment|attachments?\\s{0,3}[:=]");

  /** The AI vendors' command lines: what they are handed goes to the vendor. */
  private static final Set<String> MODEL_CLIS =
      Set.of("llm", "aichat", "sgpt", "chatgpt", "gemini", "openai", "mods", "fabric", "tgpt");

  /** The programs that send what they read on standard input to another host. */
  private static final Set<String> STREAMERS = Set.of("ssh", "nc", "ncat", "netcat", "socat");

  /** A data platform's upload, by its program and its command words. */
  private static final Map<String, Set<String>> PUBLISHERS =
      Map.ofEntries(
          Map.entry("huggingface-cli", Set.of("upload")),
          Map.entry("hf", Set.of("upload")),
          Map.entry("kaggle", Set.of("create", "version")),
          Map.entry("osf", Set.of("upload")),
          Map.entry("synapse", Set.of("store", "add")),
          Map.entry("dx", Set.of("upload")),
          Map.entry("zenodo_upload", Set.of()),
          Map.entry("figshare", Set.of("upload")));

  /** The parts of a destination that say others read it. */
  private static final Set<String> SHARED_PARTS =
      Set.of(
          "shared",
          "share",
          "public",
          "public_html",
          "www",
          "pub",
          "everyone",
          "world",
          "dropbox",
          "outgoing",
          "outbox",
          "transfer",
          "incoming");

  /** The cloud services that read text: translation, NLP, transcription. */
  private static final Set<String> TEXT_SERVICES =
      Set.of(
          "translate",
          "comprehend",
          "comprehendmedical",
          "textract",
          "transcribe",
          "bedrock-runtime",
          "healthlake");

  /** A command run as another user: sudo -u, su -c, runuser. */
  private static final Pattern AS_ANOTHER =
      Pattern.compile(
          "\\b(?:sudo\\s{1,5}(?:-[A-Za-z]{1,4}\\s{1,5}){0,3}-u\\s{0,5}|su\\s{1,5}(?:-l?\\s{1,5})?"
              + "|runuser\\s{1,5}-u\\s{1,5})([a-z_][a-z0-9_.-]{0,31})\\b");

  /** The dump programs and the programs that restore what they dump. */
  private static final Set<String> DUMPS =
      Set.of("pg_dump", "pg_dumpall", "mysqldump", "mariadb-dump", "mongodump");

  private static final Set<String> RESTORES =
      Set.of("pg_restore", "psql", "mysql", "mariadb", "mongorestore");

  /** A credential's file by its name. */
  private static final Pattern CREDENTIAL_NAME =
      Pattern.compile(
          "(?i)(?:pass(?:wd|word)?|token|cred(?:ential)?s?|secret|netrc|pgpass|apikey|api_key"
              + "|id_rsa|id_ed25519|id_ecdsa|cookies?|\\.my\\.cnf)");

  /** A file below another person's home. */
  private static final Pattern OTHERS_HOME =
      Pattern.compile("(?:/home/|/Users/|~)([a-z_][a-z0-9_.-]{0,31})/([^\\s'\"`;|&)]{1,200})");

  /**
   * A file of another's home read into a password's or a token's option: {@code --password=$(cat
   * …)}.
   */
  private static final Pattern OTHERS_SECRET_HANDED =
      Pattern.compile(
          "(?i)(?:pass\\w{0,6}|token|secret|key|auth\\w{0,10})[\"'=\\s]{1,4}\\$\\(\\s{0,3}(?:cat|head"
              + "|<)\\s{1,3}[\"']?(?:/home/|/Users/|~)([a-z_][a-z0-9_.-]{0,31})/[^\\s'\")]{1,200}");

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("regulated-data-in-url", RegulatedData::inUrl);
    named.put("linkage-key-read", RegulatedData::linkageRead);
    named.put("production-into-lower-environment", RegulatedData::productionDownward);
    named.put("others-credential-read", RegulatedData::othersCredential);
    named.put("regulated-data-committed", RegulatedData::committed);
    named.put("regulated-data-piped-out", RegulatedData::pipedOut);
    named.put("regulated-data-as-another", RegulatedData::asAnother);
  }

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("regulated-data-copied-out", (scan, step, read) -> copiedOut(step));
    named.put("regulated-data-opened", (scan, step, read) -> opened(step));
    named.put("regulated-data-to-model", (scan, step, read) -> toModel(scan, step));
    named.put("regulated-data-mailed", (scan, step, read) -> mailed(step));
    named.put("regulated-data-printed", (scan, step, read) -> printed(step));
    named.put("regulated-data-published", (scan, step, read) -> published(step));
    named.put("regulated-data-shared-place", (scan, step, read) -> sharedPlace(step));
    named.put("regulated-data-to-service", (scan, step, read) -> toService(step));
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
    if (CODE_END.matcher(name).matches()) {
      return false;
    }
    boolean marked = false;
    String previous = "";
    for (String part : name.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
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
          || DBGAP.matcher(part).matches()
          || part.equals("control") && previous.equals("export")
          || part.equals("controlled") && previous.equals("export")) {
        marked = true;
      }
      previous = part;
    }
    return marked;
  }

  // --- copies to another host -------------------------------------------------------------------

  private static boolean copiedOut(Step step) {
    String program = step.program();
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      if (code == null) {
        return false;
      }
      code = code.length() > MAX_TEXT ? code.substring(0, MAX_TEXT) : code;
      return CODE_UPLOADS.matcher(code).find()
          && !LOCAL_MODEL.matcher(code).find()
          && namesRegulated(code);
    }
    Set<String> values = COPIERS.get(program);
    if (values == null) {
      return uploaded(step);
    }
    List<Word> args = step.args();
    int from = 0;
    if (program.equals("gcloud")) {
      if (args.size() < 2
          || !args.get(0).text().equals("storage")
          || !Set.of("cp", "rsync", "mv").contains(args.get(1).text())) {
        return false;
      }
      from = 2;
    } else if (program.equals("aws")) {
      if (args.size() < 2
          || !args.get(0).text().equals("s3")
          || !Set.of("cp", "sync", "mv").contains(args.get(1).text())) {
        return false;
      }
      from = 2;
    } else if (program.equals("rclone")
        || program.equals("azcopy")
        || program.equals("gsutil")
        || program.equals("s3cmd")
        || program.equals("mc")) {
      int verb = -1;
      for (int i = 0; i < args.size(); i++) {
        String text = args.get(i).text();
        if (Set.of(
                "copy",
                "copyto",
                "sync",
                "move",
                "moveto",
                "cp",
                "mv",
                "rsync",
                "put",
                "transfer",
                "bisync",
                "mirror")
            .contains(text)) {
          verb = i;
          break;
        }
      }
      if (verb < 0) {
        return false;
      }
      from = verb + 1;
    }
    List<Word> positionals = new ArrayList<>();
    for (int i = from; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("--dry-run")
          || text.equals("--dryrun")
          || program.equals("rsync") && text.matches("-[a-zA-Z]{0,12}n[a-zA-Z]{0,12}")) {
        return false; // rclone --dry-run, aws s3 --dryrun, rsync -avn: nothing leaves
      }
      if (values.contains(text)) {
        i++;
      } else if (!text.startsWith("-")) {
        positionals.add(args.get(i));
      }
    }
    if (positionals.size() < 2) {
      return false;
    }
    Word destination = positionals.get(positionals.size() - 1);
    if (!remote(program, destination.text())) {
      return false;
    }
    for (Word source : positionals.subList(0, positionals.size() - 1)) {
      if (marks(source.text()) || source.written() != null && marks(source.written())) {
        return true;
      }
    }
    return false;
  }

  /** Whether a copy's destination is another host, a remote or a bucket. */
  private static boolean remote(String program, String destination) {
    String d = destination.toLowerCase(Locale.ROOT);
    if (d.startsWith("s3://")
        || d.startsWith("gs://")
        || d.startsWith("az://")
        || d.contains(".blob.core.windows.net")
        || d.startsWith("https://")) {
      return true;
    }
    if (d.startsWith("/") || d.startsWith("./") || d.startsWith("../") || d.startsWith("~")) {
      return false;
    }
    if (program.equals("rclone") || program.equals("mc")) {
      return d.indexOf(':') > 0 || program.equals("mc") && d.indexOf('/') > 0;
    }
    String host = Hosts.remote(destination);
    return host != null && !Hosts.loopback(host) && !Environments.localHost(host);
  }

  /** Whether curl or wget uploads a regulated file to a host not this machine's. */
  private static boolean uploaded(Step step) {
    String program = step.program();
    if (!program.equals("curl")
        && !program.equals("wget")
        && !program.equals("http")
        && !program.equals("https")
        && !program.equals("xh")) {
      return false;
    }
    boolean elsewhere = false;
    boolean carries = false;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String host = text.contains("://") ? Hosts.of(text) : null;
      if (host != null && !Hosts.loopback(host) && !Environments.localHost(host)) {
        elsewhere = true;
      }
      String file = null;
      if ((text.equals("-T") || text.equals("--upload-file") || text.equals("--post-file"))
          && i + 1 < args.size()) {
        file = args.get(i + 1).text();
      } else if (text.startsWith("--post-file=")) {
        file = text.substring("--post-file=".length());
      } else if (text.contains("@")) {
        int at = text.indexOf('@');
        if (at == 0 || text.charAt(at - 1) == '=') {
          file = text.substring(at + 1);
          int semicolon = file.indexOf(';');
          file = semicolon >= 0 ? file.substring(0, semicolon) : file;
        }
      }
      if (file != null && marks(file)) {
        carries = true;
      }
    }
    return elsewhere && carries;
  }

  // --- opened to others --------------------------------------------------------------------------

  private static boolean opened(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.equals("setfacl")) {
      boolean grants = false;
      boolean marked = false;
      for (Word word : args) {
        String text = word.text();
        if (text.matches(
            "(?i)(?:d(?:efault)?:)?(?:u(?:ser)?:[^:,\\s]{1,64}|g(?:roup)?:[^:,\\s]{1,64}"
                + "|o(?:ther)?:):[rwxX-]{0,4}r[rwxX-]{0,3}(?:,.*)?")) {
          grants = true;
        } else if (marks(text)) {
          marked = true;
        }
      }
      return grants && marked;
    }
    if (program.equals("chmod")) {
      boolean grants = false;
      boolean marked = false;
      for (Word word : args) {
        String text = word.text();
        if (text.matches("0?[0-7]?[0-7]{2}[4-7]")
            || text.matches(
                "(?:[ugoa]*[-+=][rwxXst]*,)*(?:[oa]*[+=][rwxXst]*r[rwxXst]*|[+=]r[rwxXst]*)"
                    + "(?:,[ugoa]*[-+=][rwxXst]*)*")) {
          grants = true;
        } else if (!text.startsWith("-") && marks(text)) {
          marked = true;
        }
      }
      return grants && marked;
    }
    if (!step.interpreter()) {
      return false;
    }
    String code = InterpreterCode.of(step);
    if (code == null) {
      return false;
    }
    code = code.length() > MAX_TEXT ? code.substring(0, MAX_TEXT) : code;
    return CODE_OPENS.matcher(code).find() && namesRegulated(code);
  }

  /** Whether code names a regulated file or folder in a quoted string. */
  private static boolean namesRegulated(String code) {
    Matcher path = CODE_PATH.matcher(code.replace("\\\"", "\"").replace("\\'", "'"));
    while (path.find()) {
      String text = path.group(1);
      if ((text.contains("/") || DATA_END.matcher(text).matches()) && marks(text)) {
        return true;
      }
    }
    return false;
  }

  // --- to an AI vendor -------------------------------------------------------------------------

  private static boolean toModel(Scan scan, Step step) {
    if (MODEL_CLIS.contains(step.program())) {
      // What it is handed: its words, its input file, or what the command's programs before it read
      for (Step before : scan.steps()) {
        for (Word word : before.args()) {
          if (!word.text().startsWith("-") && marks(word.text())) {
            return true;
          }
        }
        if (before == step) {
          break;
        }
      }
      for (var redirect : step.invocation().redirects()) {
        if (!redirect.writes() && redirect.target() != null && marks(redirect.target().text())) {
          return true;
        }
      }
      return false;
    }
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      if (code != null) {
        code = code.length() > MAX_TEXT ? code.substring(0, MAX_TEXT) : code;
        return MODEL_API.matcher(code).find()
            && !LOCAL_MODEL.matcher(code).find()
            && namesRegulated(code);
      }
    } else if (!Set.of("bash", "sh", "Rscript", "uv", "poetry", "pipenv", "julia", "deno", "bun")
        .contains(step.program())) {
      return false;
    }
    // A script handed the data and a vendor's model: summarize.py --input notes.csv --provider
    // openai
    boolean vendor = false;
    boolean marked = false;
    for (Word word : step.args()) {
      String text = word.text();
      int equals = text.indexOf('=');
      String value = text.startsWith("--") && equals > 0 ? text.substring(equals + 1) : text;
      if (MODEL_NAME.matcher(value).matches()) {
        vendor = true;
      } else if (!text.startsWith("-") && marks(value)) {
        marked = true;
      } else if (text.startsWith("--") && equals > 0 && marks(value)) {
        marked = true;
      }
    }
    return vendor && marked;
  }

  // --- mailed, printed ---------------------------------------------------------------------------

  private static boolean mailed(Step step) {
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      if (code == null) {
        return false;
      }
      code = code.length() > MAX_TEXT ? code.substring(0, MAX_TEXT) : code;
      return CODE_MAILS.matcher(code).find() && namesRegulated(code);
    }
    Set<String> attach = MAIL_ATTACH.get(step.program());
    if (attach == null) {
      return false;
    }
    List<Word> args = step.args();
    List<String> files = new ArrayList<>();
    boolean personal = false;
    boolean mutt = step.program().endsWith("mutt");
    boolean attaching = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (PERSONAL_MAIL.matcher(text).find()) {
        personal = true;
      }
      if (step.program().equals("mpack") && !text.startsWith("-")) {
        files.add(text);
      } else if (text.equals("--")) {
        attaching = false;
      } else if (attach.contains(text) && i + 1 < args.size()) {
        files.add(args.get(++i).text());
        attaching = mutt; // mutt -a takes every file up to --
      } else if (attaching && !text.startsWith("-")) {
        files.add(text);
      } else {
        attaching = false;
      }
    }
    for (String file : files) {
      if (marks(file) || personal && DATA_END.matcher(file).matches()) {
        return true;
      }
    }
    return false;
  }

  private static boolean printed(Step step) {
    String program = step.program();
    if (!Set.of("lp", "lpr", "enscript", "a2ps").contains(program)) {
      return false;
    }
    for (Word word : step.args()) {
      if (!word.text().startsWith("-") && marks(word.text())) {
        return true;
      }
    }
    return false;
  }

  // --- the call's --------------------------------------------------------------------------------

  /** Whether a URL the call requests carries identifying health text in its query. */
  private static String inUrl(Scan scan) {
    List<String> urls = new ArrayList<>();
    if (scan.source() == null) {
      JsonNode args = scan.call().args();
      if (args == null) {
        return null;
      }
      String url = args.path("url").asText("");
      if (!url.isEmpty()) {
        urls.add(url);
      }
      String query = args.path("query").asText("");
      if (!query.isEmpty()
          && identifies(query.length() > 8192 ? query.substring(0, 8192) : query)) {
        return "health details in a web search"; // WebSearch: the query goes to a search engine
      }
    } else {
      for (Step step : scan.steps()) {
        if (!Set.of("curl", "wget", "http", "https", "xh", "lynx", "w3m", "open", "xdg-open")
            .contains(step.program())) {
          continue;
        }
        String host = null;
        boolean bodyIdentifies = false;
        List<Word> args = step.args();
        for (int i = 0; i < args.size(); i++) {
          String text = args.get(i).text();
          if (text.contains("://")) {
            host = host == null ? Hosts.of(text) : host;
            if (text.contains("?")) {
              urls.add(text);
            }
          } else if (BODY_OPTIONS.contains(text) && i + 1 < args.size()) {
            String body = args.get(i + 1).text();
            bodyIdentifies |= body.length() < 8192 && identifies(body);
          }
        }
        if (bodyIdentifies
            && host != null
            && !Hosts.loopback(host)
            && !Environments.localHost(host)) {
          return "health details in a request's body to " + host;
        }
      }
    }
    for (String url : urls) {
      int q = url.indexOf('?');
      String host = Hosts.of(url);
      if (q < 0 || host == null || Hosts.loopback(host) || Environments.localHost(host)) {
        continue;
      }
      String query = url.substring(q + 1, Math.min(url.length(), q + 1 + 8192));
      String decoded;
      try {
        decoded = URLDecoder.decode(query, StandardCharsets.UTF_8);
      } catch (IllegalArgumentException malformed) {
        decoded = query.replace('+', ' ');
      }
      if (identifies(decoded)) {
        return "health details in the query to " + host;
      }
    }
    return null;
  }

  /**
   * Whether a text identifies a person's health: an MRN, an SSN, a birth date, a patient's
   * diagnosis.
   */
  private static boolean identifies(String text) {
    return QUERY_IDENTIFIES.matcher(text).find()
        || PATIENT.matcher(text).find() && DIAGNOSIS.matcher(text).find();
  }

  /** Whether the call reads a linkage key: a read tool's file, or a file a command names. */
  private static String linkageRead(Scan scan) {
    if (scan.source() == null) {
      JsonNode args = scan.call().args();
      String tool = scan.call().tool();
      if (args == null
          || tool == null
          || !Set.of("read", "Read", "view", "read_file").contains(tool)) {
        return null;
      }
      for (String field : List.of("path", "file_path", "filePath")) {
        String path = args.path(field).asText("");
        if (linkageFile(path)) {
          return path;
        }
      }
      return null;
    }
    String source = scan.source();
    if (source.length() > MAX_TEXT) {
      source = source.substring(0, MAX_TEXT);
    }
    String lower = source.toLowerCase(Locale.ROOT);
    boolean cheap = false;
    for (String word : LINKAGE_WORDS) {
      cheap |= lower.contains(word);
    }
    if (!cheap) {
      return null;
    }
    for (Step step : scan.steps()) {
      if (NOT_READERS.contains(step.program())) {
        continue;
      }
      if (step.interpreter()) {
        String code = InterpreterCode.of(step);
        if (code != null) {
          Matcher path =
              CODE_PATH.matcher(code.length() > MAX_TEXT ? code.substring(0, MAX_TEXT) : code);
          while (path.find()) {
            if (linkageFile(path.group(1))) {
              return path.group(1);
            }
          }
        }
      }
      for (Word word : step.args()) {
        if (!word.text().startsWith("-") && linkageFile(word.text())) {
          return word.text();
        }
      }
    }
    return null;
  }

  /** Whether a path names a linkage key's file: data, not code, not a test's. */
  private static boolean linkageFile(String path) {
    if (path.isEmpty() || path.length() > 1024 || !LINKAGE.matcher(path).find()) {
      return false;
    }
    if (CODE_END.matcher(path).matches()) {
      return false;
    }
    for (String part : path.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
      if (UNMARKS.contains(part) || part.startsWith("synth")) {
        return false;
      }
    }
    return path.contains("/") || DATA_END.matcher(path).matches() || path.endsWith(".key");
  }

  /**
   * Whether a dump of a database not this machine's nor a lower one is restored into a lower one.
   */
  private static String productionDownward(Scan scan) {
    String dumped = null;
    String restored = null;
    for (Step step : scan.steps()) {
      if (DUMPS.contains(step.program())) {
        String host = host(step);
        if (host != null
            && !Environments.localHost(host)
            && !Environments.stagingHost(host)
            && !Hosts.loopback(host)) {
          dumped = host;
        } else if (host == null && Environments.production(scan, step)) {
          dumped = "production"; // pg_dump "$PROD_DATABASE_URL"
        }
      } else if (dumped != null && RESTORES.contains(step.program())) {
        for (Word word : step.args()) {
          String text = word.literal() || word.written() == null ? word.text() : word.written();
          String host = text.contains("://") ? Hosts.of(text) : text;
          if (host != null && Environments.stagingHost(host) && !Environments.localHost(host)) {
            restored = text;
          }
        }
        if (restored != null) {
          return dumped + " into " + restored;
        }
      }
    }
    return null;
  }

  /** The host a database client names: {@code -h}, {@code --host}, a URL, {@code --uri}. */
  private static String host(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-h") || text.equals("--host")) && i + 1 < args.size()) {
        return args.get(i + 1).text().toLowerCase(Locale.ROOT);
      }
      if (text.startsWith("--host=")) {
        return text.substring(7).toLowerCase(Locale.ROOT);
      }
      if (text.startsWith("-h") && text.length() > 2 && step.program().startsWith("mysql")) {
        return text.substring(2).toLowerCase(Locale.ROOT);
      }
      int uri = text.indexOf("://");
      if (uri > 0) {
        return Hosts.of(
            text.substring(
                text.indexOf("=") > 0 && text.indexOf('=') < uri ? text.indexOf('=') + 1 : 0));
      }
    }
    return null;
  }

  /** Whether a command reads a credential's file from another person's home. */
  private static String othersCredential(Scan scan) {
    String source = scan.source();
    if (source == null || source.length() > MAX_TEXT || source.indexOf('/') < 0) {
      return null;
    }
    if (!source.contains("/home/") && !source.contains("/Users/") && !source.contains("~")) {
      return null;
    }
    Path home = scan.places().home();
    String own = home == null || home.getFileName() == null ? "" : home.getFileName().toString();
    Matcher handed = OTHERS_SECRET_HANDED.matcher(source);
    while (handed.find()) {
      if (!handed.group(1).equals(own)) {
        return handed.group();
      }
    }
    Matcher file = OTHERS_HOME.matcher(source);
    while (file.find()) {
      String user = file.group(1);
      String rest = file.group(2);
      int slash = rest.lastIndexOf('/');
      String name = slash >= 0 ? rest.substring(slash + 1) : rest;
      if (!user.equals(own) && CREDENTIAL_NAME.matcher(name).find() && !name.endsWith(".pub")) {
        return file.group();
      }
    }
    return null;
  }

  /** Whether a regulated file is copied into the project and committed or pushed in one command. */
  private static String committed(Scan scan) {
    String copied = null;
    for (Step step : scan.steps()) {
      String program = step.program();
      if (program.equals("cp")
          || program.equals("mv")
          || program.equals("rsync")
          || program.equals("install")) {
        List<Word> args = step.args();
        for (int i = 0; i + 1 < args.size(); i++) {
          String text = args.get(i).text();
          if (!text.startsWith("-") && marks(text)) {
            copied = text;
          }
        }
      } else if (program.equals("git")) {
        boolean adds = false;
        for (Word word : step.args()) {
          String text = word.text();
          if (copied != null && (text.equals("push") || text.equals("commit"))) {
            return copied;
          }
          if (adds && !text.startsWith("-") && marks(text)) {
            copied = text; // git add data/raw_phi, then commit or push
          }
          adds |= text.equals("add");
        }
      }
    }
    return null;
  }

  /** Whether a command reads regulated data and streams it to another host: tar … | ssh, | nc. */
  private static String pipedOut(Scan scan) {
    String read = null;
    for (Step step : scan.steps()) {
      String program = step.program();
      if (read != null && (STREAMERS.contains(program) || REQUEST_PROGRAMS.contains(program))) {
        boolean stdin = false;
        String host = null;
        for (Word word : step.args()) {
          String text = word.text();
          stdin |=
              text.endsWith("@-")
                  || text.equals("-")
                  || text.equals("STDIN")
                  || text.equals("-u") && program.equals("socat");
          String h = text.contains("://") ? Hosts.of(text) : Hosts.remote(text);
          if (h == null && !text.startsWith("-") && text.indexOf('.') > 0 && !text.contains("/")) {
            h = text.contains("@") ? text.substring(text.indexOf('@') + 1) : text;
          }
          if (h != null && host == null && !Hosts.loopback(h) && !Environments.localHost(h)) {
            host = h;
          }
        }
        if (host != null && (STREAMERS.contains(program) || stdin)) {
          return read + " to " + host;
        }
      }
      if (read == null && !NOT_READERS.contains(program) && !STREAMERS.contains(program)) {
        for (Word word : step.args()) {
          if (!word.text().startsWith("-") && marks(word.text())) {
            read = word.text();
            break;
          }
        }
      }
    }
    return null;
  }

  /** The HTTP clients that send what they read on standard input ({@code -d @-}, {@code -T -}). */
  private static final Set<String> REQUEST_PROGRAMS = Set.of("curl", "wget", "http", "https", "xh");

  /** Whether a command run as another user reads regulated data: their access borrowed. */
  private static String asAnother(Scan scan) {
    String source = scan.source();
    if (source == null
        || source.length() > MAX_TEXT
        || !source.contains("sudo") && !source.contains("su ") && !source.contains("runuser")) {
      return null;
    }
    Matcher user = AS_ANOTHER.matcher(source);
    if (!user.find() || user.group(1).equals("root")) {
      return null;
    }
    for (Step step : scan.steps()) {
      for (Word word : step.args()) {
        if (!word.text().startsWith("-") && marks(word.text())) {
          return "as " + user.group(1) + ": " + word.text();
        }
      }
    }
    return null;
  }

  /** Whether a data platform's upload (Hugging Face, Kaggle, OSF, Synapse, DNAnexus) carries it. */
  private static boolean published(Step step) {
    Set<String> verbs = PUBLISHERS.get(step.program());
    if (verbs == null) {
      return false;
    }
    boolean uploads = verbs.isEmpty();
    boolean marked = false;
    for (Word word : step.args()) {
      String text = word.text();
      uploads |= verbs.contains(text);
      marked |= !text.startsWith("-") && marks(text);
    }
    return uploads && marked;
  }

  /** Whether regulated data is copied or linked into a place others read (shared, public, www). */
  private static boolean sharedPlace(Step step) {
    String program = step.program();
    if (!Set.of("cp", "rsync", "ln", "mv", "install").contains(program)) {
      return false;
    }
    List<String> positionals = new ArrayList<>();
    for (Word word : step.args()) {
      if (!word.text().startsWith("-")) {
        positionals.add(word.text());
      }
    }
    if (positionals.size() < 2) {
      return false;
    }
    String destination = positionals.get(positionals.size() - 1);
    if (destination.contains(":") && Hosts.remote(destination) != null) {
      return false; // another host: copied-out's
    }
    boolean shared = false;
    for (String part : destination.toLowerCase(Locale.ROOT).split("[^a-z0-9_]+")) {
      shared |= SHARED_PARTS.contains(part);
    }
    if (!shared) {
      return false;
    }
    for (String source : positionals.subList(0, positionals.size() - 1)) {
      if (marks(source)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a cloud's translation, NLP or model service (aws translate, comprehend…) reads it. */
  private static boolean toService(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    boolean service = program.equals("trans") || program.equals("deepl");
    if (program.equals("aws") && !args.isEmpty()) {
      service = TEXT_SERVICES.contains(args.get(0).text());
    } else if (program.equals("gcloud") && args.size() > 1) {
      service =
          Set.of("ml", "ai", "healthcare").contains(args.get(0).text())
              && !args.get(1).text().equals("datasets");
    }
    if (!service) {
      return false;
    }
    for (Word word : args) {
      String text = word.text();
      String value = text.startsWith("file://") ? text.substring(7) : text;
      if (!text.startsWith("-") && (marks(value) || !word.literal() && marksWithin(text))) {
        return true;
      }
    }
    return false;
  }

  /** Whether a word's source text ($(cat …), "…") names a regulated file among its parts. */
  private static boolean marksWithin(String text) {
    for (String token : text.split("[\\s\"'()$`<]+")) {
      if (token.contains("/") && marks(token)) {
        return true;
      }
    }
    return false;
  }
}
