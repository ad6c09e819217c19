package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A lab's records and its share of a cluster in the book's {@code lab.*} rules (issue 80, decision
 * 143): results made up or forced to pass, raw data deleted on an instrument's PC, a delivery
 * overwritten, pseudonyms linked back, data-use terms widened, archives published, shared scratch
 * filled and another group's data taken, the sync that copies instruments' data stopped.
 */
final class LabRecords {
  private LabRecords() {}

  /** smbclient's commands that delete on the share. */
  private static final Pattern SMB_DELETES =
      Pattern.compile("(?i)(?:^|[;\\s])(?:deltree|rm|del|rmdir|mdel|rd)\\s");

  /** Whether smbclient is given commands that delete on the share it opens. */
  static boolean smbDeletes(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-c") || text.equals("--command"))
          && PatternLiterals.finds(SMB_DELETES, " " + args.get(i + 1).text() + " ")) {
        return true;
      }
    }
    return false;
  }

  /** Values drawn at random and written over measured results. */
  private static final Pattern RANDOM =
      Pattern.compile(
          "(?:np\\.random|numpy\\.random|random\\.(?:normal|uniform|gauss|random|randint|choice)"
              + "|\\brnorm\\(|\\brunif\\(|Math\\.random|faker|rng\\.)");

  private static final Pattern WRITES =
      Pattern.compile(
          "(?:to_csv|to_excel|to_parquet|savetxt|write_csv|write\\.csv|fwrite|writeFile"
              + "|\\.write\\(|open\\([^)]*['\"][wa]['\"])");

  /** An instrument's export or a raw data folder. */
  private static final Pattern INSTRUMENT_DATA =
      Pattern.compile(
          "(?i)/instruments?/|/raw(?:[-_]?data)?/|/Runs/|/acquisitions?/|quantstudio|lightcycler"
              + "|cfx|_Results\\.(?:csv|xlsx?|txt)|/plate_?reader|/facs/|\\.fcs\\b|/qpcr/");

  /** LIMS QC forced to pass: a QC flag set to passed and written back. */
  private static final Pattern QC_PASSED =
      Pattern.compile(
          "(?i)qc[-_]?flag|qc[-_]?status|qcFlag|qc-flag|qc_result|\\bqc\\b['\"]?\\s*[:=]");

  private static final Pattern PASSED = Pattern.compile("(?i)['\">]PASS(?:ED)?\\b");

  private static final Pattern PUTS =
      Pattern.compile(
          "(?i)\\.put\\(|\\.update\\(|put_batch|batch/update|-X\\s*['\"]?(?:PUT|POST|PATCH)"
              + "|requests\\.(?:put|post|patch)|--request[ =](?:PUT|POST|PATCH)");

  /** Read simulators: they make reads from a reference. */
  static final Set<String> SIMULATORS =
      NameSet.of(
          "wgsim",
          "dwgsim",
          "art_illumina",
          "art_454",
          "art_SOLiD",
          "mason_simulator",
          "mason",
          "pbsim",
          "pbsim2",
          "pbsim3",
          "badread",
          "iss",
          "simlord",
          "nanosim",
          "simulator.py",
          "gen_reads.py",
          "neat",
          "ReSeq",
          "pirs",
          "sim3C");

  /** A delivery to a customer, a release, a frozen analysis or an instrument's run. */
  private static final Pattern DELIVERED =
      Pattern.compile(
          "(?i)/deliver(?:y|ies|ed)?/|/deliverables?/|/releases?/|/freeze|frozen|/outgoing/"
              + "|/Runs/|/basespace/|/customers?/");

  /**
   * Whether the program makes up results: random values written over an instrument's export, a
   * LIMS's QC flag forced to passed, reads simulated into a delivery or a run folder.
   */
  static boolean falsified(Step step) {
    if (SIMULATORS.contains(step.program())) {
      return namesDelivered(step);
    }
    String text = PlantPredicates.text(step);
    if (text.isEmpty()) {
      return false;
    }
    if (PatternLiterals.finds(QC_PASSED, text)
        && PatternLiterals.finds(PASSED, text)
        && PatternLiterals.finds(PUTS, text)) {
      return true;
    }
    String code = InterpreterCode.of(step);
    return code != null
        && PatternLiterals.finds(RANDOM, code)
        && PatternLiterals.finds(WRITES, code)
        && PatternLiterals.finds(INSTRUMENT_DATA, code);
  }

  private static final Set<String> OUTPUT_OPTIONS =
      NameSet.of("--output-directory", "-o", "--output-dir", "--output", "--output-folder");

  /**
   * Whether a demultiplexer writes into a delivery, a release or a freeze: bcl-convert told to
   * write over it ({@code --force}), bcl2fastq or bases2fastq, which write over what is there.
   */
  static boolean demuxOverDelivered(Step step) {
    List<Word> args = step.args();
    boolean force = !step.program().equals("bcl-convert");
    String output = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      force |= text.equals("--force") || text.equals("-f");
      int equals = text.indexOf('=');
      if (equals > 0 && OUTPUT_OPTIONS.contains(text.substring(0, equals))) {
        output = text.substring(equals + 1);
      } else if (OUTPUT_OPTIONS.contains(text) && i + 1 < args.size()) {
        output = args.get(i + 1).text();
      }
    }
    if (output == null && step.program().equals("bases2fastq")) {
      List<String> positionals = PlantPredicates.positionals(args, Set.of("-r", "--run-manifest"));
      output = positionals.size() > 1 ? positionals.get(1) : null;
    }
    return force
        && output != null
        && output.length() < 1024
        && PatternLiterals.finds(DELIVERED, output)
        && !output.contains("/Runs/");
  }

  /**
   * A substitution that turns a failure into a pass: {@code s/FAIL/PASS/}, {@code
   * s/failed/passed/}.
   */
  private static final Pattern FAIL_TO_PASS =
      Pattern.compile(
          "(?i)\\bs(.)[^\\n]{0,40}?fail(?:ed|ure)?[^\\n]{0,20}?\\1[^\\n]{0,20}?pass(?:ed)?");

  /** Whether sed or perl rewrites failures as passes in the files it edits in place. */
  static boolean failsTurnedPasses(Step step) {
    boolean inPlace = false;
    boolean turns = false;
    for (Word word : step.args()) {
      String text = word.text();
      inPlace |= text.startsWith("-i") || text.startsWith("--in-place") || text.startsWith("-pi");
      turns |= text.length() < 200 && PatternLiterals.finds(FAIL_TO_PASS, text);
    }
    return inPlace && turns;
  }

  /** Inline code of a research data store's client that deletes what the store holds. */
  private static final Pattern CODE_PURGES =
      Pattern.compile(
          "(?s)(?:synapseclient.*\\.delete\\(|omero.*deleteObjects\\(|irods.*(?:\\.unlink\\("
              + "|\\.remove\\()[^)]*force\\s*=\\s*True|redcap.*delete_records\\(|dxpy.*(?:remove_objects"
              + "|\\.destroy\\(|remove_folder\\()|ezomero.*delete|labkey.*delete_rows\\(|elabapi.*delete_)");

  /** Whether inline code deletes what a research data store holds (Synapse, OMERO, iRODS…). */
  static boolean codePurges(Step step) {
    String code = InterpreterCode.of(step);
    return code != null && code.length() < 65536 && PatternLiterals.finds(CODE_PURGES, code);
  }

  /** The servers of research data stores, by a word of their name. */
  private static final Set<String> DATA_SERVERS =
      NameSet.of(
          "redcap",
          "omero",
          "synapse",
          "galaxy",
          "benchling",
          "elabftw",
          "elab",
          "labguru",
          "irods",
          "dnanexus",
          "basespace",
          "clarity",
          "labkey",
          "openspecimen",
          "datalad",
          "dataverse",
          "zenodo",
          "figshare",
          "ega",
          "lims",
          "eln");

  private static final Pattern TOOL_PURGES =
      Pattern.compile(
          "(?i)(?:\\w+_)?(?:delete|purge|remove|destroy|erase|wipe|drop|trash)(?:_\\w+)?");

  /** The MCP tool of a research data store whose name says it deletes, as the reason shows it. */
  static String toolPurges(Scan scan) {
    return PlantPredicates.toolArguments(scan, DATA_SERVERS, TOOL_PURGES) == null
        ? null
        : scan.call().tool();
  }

  /** Whether an argument of the program lies in a delivery, a release, a freeze or a run. */
  static boolean namesDelivered(Step step) {
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() < 1024 && text.contains("/") && PatternLiterals.finds(DELIVERED, text)) {
        return true;
      }
    }
    return false;
  }

  /** Shared scratch: a cluster's file system every group writes to. */
  private static final Pattern SHARED_SCRATCH =
      Pattern.compile(
          "(?i)/scratch/shared|/shared/scratch|/scratch/(?:[^/\\s]+/)?(?:shared|common|public)\\b"
              + "|/(?:lustre|gpfs|fs)\\w*/scratch/(?:shared|common|public)\\b");

  private static final Set<String> DOWNLOADERS =
      NameSet.of(
          "prefetch",
          "fasterq-dump",
          "fastq-dump",
          "ascp",
          "aspera",
          "wget",
          "aria2c",
          "ffq",
          "kingfisher",
          "enaDataGet",
          "enaGroupGet",
          "gsutil",
          "aws",
          "s5cmd",
          "rclone",
          "gdc-client",
          "nf-core",
          "azcopy",
          "globus",
          "lftp");

  /** Whether a downloader writes into a cluster's shared scratch. */
  static boolean fillsSharedScratch(Step step) {
    if (!DOWNLOADERS.contains(step.program())) {
      return false;
    }
    for (Word word : step.args()) {
      if (word.text().length() < 1024 && PatternLiterals.finds(SHARED_SCRATCH, word.text())) {
        return true;
      }
    }
    return false;
  }

  /** A group's project folder on a cluster: {@code /lustre/proj/kimlab/…}. */
  private static final Pattern GROUP_ROOT =
      Pattern.compile("^/(?:[^/]+/)?(?:proj|projects|groups|group|labs|lab|work/groups)/([^/]+)/");

  private static final Set<String> COPIERS = NameSet.of("cp", "rsync", "rclone", "mv", "ln", "tar");

  /** Whether a copier takes another group's folder into this group's: the two groups differ. */
  static boolean takesOthersData(Step step) {
    if (!COPIERS.contains(step.program())) {
      return false;
    }
    String first = null;
    String last = null;
    for (Word word : step.args()) {
      String text = word.text();
      Matcher group = GROUP_ROOT.matcher(text);
      if (!text.startsWith("-") && group.find()) {
        first = first == null ? group.group(1) : first;
        last = group.group(1);
      }
    }
    return first != null && !first.equals(last);
  }

  /** A unit that copies data away: an instrument's sync, a backup, an archive's transfer. */
  private static final Pattern SYNC_UNIT =
      Pattern.compile(
          "(?i)(?:raw|instrument|archive|seq|run|data|acq)[\\w-]*(?:sync|copy|transfer|offload)"
              + "|backup|archiv|offload|replicat|restic|borg|bacula|rawcopy|ingest");

  /** Whether systemctl stops, disables or masks a unit that copies data away. */
  static boolean stopsSync(Step step) {
    for (Word word : step.args()) {
      String text = word.text();
      if (!text.startsWith("-") && PatternLiterals.finds(SYNC_UNIT, text)) {
        return true;
      }
    }
    return false;
  }

  private static final Set<String> DIRECTORY_OPTIONS =
      NameSet.of("--directory", "-d", "--work-dir", "-w", "-C");

  /**
   * Whether the program works in a folder outside the project and the temporary folders: the one it
   * is run in, or the one its {@code --directory} ({@code -d}, {@code --work-dir}) names.
   */
  static boolean outsideProject(Scan scan, Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String value = i + 1 < args.size() ? args.get(i + 1).text() : "";
      if (DIRECTORY_OPTIONS.contains(text) && value.startsWith("/")) {
        return outside(scan, Path.of(value).normalize());
      }
      if (text.startsWith("--directory=") && text.length() > 13 && text.charAt(12) == '/') {
        return outside(scan, Path.of(text.substring(12)).normalize());
      }
    }
    for (Path cwd : step.cwds()) {
      if (!outside(scan, cwd)) {
        return false;
      }
    }
    return !step.cwds().isEmpty();
  }

  private static boolean outside(Scan scan, Path folder) {
    Path project = scan.places().project();
    return !(project != null && folder.startsWith(project)
        || scan.places().isTempFolder(folder)
        || folder.startsWith("/tmp")
        || folder.startsWith("/var/tmp"));
  }

  /** An archive's publication: a DOI minted for a deposition, an article made public. */
  private static final Pattern PUBLISHES =
      Pattern.compile(
          "(?i)zenodo\\.org/api/deposit/depositions/\\d+/actions/publish"
              + "|api\\.figshare\\.com/v2/account/articles/\\d+/publish"
              + "|/api/datasets/[^\\s]*/actions/:publish|/api/dataverses/[^\\s]*/actions/:publish"
              + "|osf\\.io/v2/nodes/[^\\s]*public");

  /**
   * Whether the program publishes to a public archive: a deposition made public over its API, an
   * ENA submission ({@code webin-cli -submit}).
   */
  static boolean archivePublishes(Step step) {
    String text = PlantPredicates.text(step);
    if (text.isEmpty()) {
      return false;
    }
    if (PatternLiterals.finds(PUBLISHES, text)) {
      return true;
    }
    return text.toLowerCase(Locale.ROOT).contains("webin-cli")
        && step.args().stream().anyMatch(word -> word.text().equals("-submit"));
  }

  /** A de-identified table and an identified one. */
  private static final Pattern DEIDENTIFIED =
      Pattern.compile("(?i)de-?identified|pseudonym|anonymi[sz]ed|deid\\b|study[-_]?ids?|coded");

  private static final Pattern IDENTIFIED =
      Pattern.compile(
          "(?i)roster|patients?\\b|clinic|hospital|nhs|mrn|identif(?:ied|iers)|names?\\b|contacts?"
              + "|registry|ehr|emr|demographics");

  private static final Set<String> JOINERS =
      NameSet.of(
          "csvjoin", "join", "xsv", "qsv", "mlr", "csvtk", "duckdb", "sqlite3", "python", "python3",
          "Rscript");

  private static final Pattern JOINS =
      Pattern.compile("(?i)\\bjoin\\b|\\bmerge\\(|\\.merge\\(|left_join|inner_join|csvjoin");

  /**
   * Whether the program joins a de-identified table to an identified one: the pseudonyms undone.
   */
  static boolean relinks(Step step) {
    if (!JOINERS.contains(step.program())) {
      return false;
    }
    String text = PlantPredicates.text(step);
    if (text.isEmpty() || !PatternLiterals.finds(JOINS, text)) {
      return false;
    }
    boolean deidentified = false;
    boolean identified = false;
    for (String token : text.split("[\\s'\"(),]+")) {
      if (token.contains("/") && token.length() < 1024) {
        String name = token.substring(token.lastIndexOf('/') + 1);
        if (PatternLiterals.finds(DEIDENTIFIED, name)) {
          deidentified = true;
        } else if (PatternLiterals.finds(IDENTIFIED, token)) {
          identified = true;
        }
      }
    }
    return deidentified && identified;
  }

  /** A pseudonymisation's key emptied or its mapping kept: a hash anyone can repeat. */
  private static final Pattern SALT_EMPTIED =
      Pattern.compile(
          "(?i)(?:salt|pepper|secret|hmac[_-]?key|key)\\s*[:=]\\s*(?:\"\"|''|null|none|~|$)"
              + "|method\\s*[:=]\\s*['\"]?(?:sha-?256|sha-?1|md5|plain|none)['\"]?\\s*$");

  private static final Pattern PSEUDONYM_FILE =
      Pattern.compile("(?i)pseudonym|deident|anonymi|study[-_]?id|hash[-_]?ids?");

  /** A release's consent filter turned off: withdrawn participants kept, the scope any. */
  private static final Pattern CONSENT_OFF =
      Pattern.compile(
          "(?i)(?:exclude|drop|filter|remove|honou?r|respect|apply)[_-]?(?:withdrawn|withdrawals"
              + "|opted[_-]?out|opt[_-]?outs?|consent)\\w*['\"]?\\s*[:=]\\s*['\"]?(?:false|no|0|off|none)\\b"
              + "|(?:include|keep)[_-]?(?:withdrawn|withdrawals|opted[_-]?out|unconsented)\\w*['\"]?\\s*[:=]"
              + "\\s*['\"]?(?:true|yes|1|on)\\b"
              + "|consent[_-]?(?:filter|scope|check)\\w*['\"]?\\s*[:=]\\s*['\"]?(?:none|any|all|false|off|no|0"
              + "|ignore)\\b");

  /** Data-use codes that open a dataset to any research or any use (GA4GH DUO). */
  private static final Pattern WIDE_USE =
      Pattern.compile("DUO:000004[23]|DUO:0000004\\b|\"NRES\"|\"GRU\"|\"HMB\"");

  /**
   * What a file tool writes that undoes a lab's protections: a pseudonymisation's key emptied (its
   * study ids a hash anyone can repeat), a dataset's data-use codes widened to any research.
   */
  static String editUndoesProtection(Scan scan) {
    CallForRules call = scan.call();
    if (call == null || call.args() == null) {
      return null;
    }
    String tool = call.tool().toLowerCase(Locale.ROOT);
    if (!tool.equals("edit")
        && !tool.equals("write")
        && !tool.endsWith("write_file")
        && !tool.endsWith("edit_file")) {
      return null;
    }
    String path = EditCalls.text(call.args(), "path", "file_path");
    String content = EditCalls.text(call.args(), "content", "new_string", "new_str", "text");
    if (path == null || content == null || content.length() > 65536) {
      return null;
    }
    Matcher off = CONSENT_OFF.matcher(content);
    if (off.find()) {
      return path + ": " + off.group();
    }
    if (PatternLiterals.finds(PSEUDONYM_FILE, path)) {
      for (String line : content.split("\n")) {
        if (PatternLiterals.finds(SALT_EMPTIED, line.strip())) {
          return path + ": " + line.strip();
        }
      }
    }
    if (PatternLiterals.finds(WIDE_USE, content)
        && path.toLowerCase(Locale.ROOT)
            .matches(".*(?:dataset|ega|dbgap|dac|duo|submission|consent).*")) {
      Matcher code = WIDE_USE.matcher(content);
      return code.find() ? path + ": " + code.group() : null;
    }
    return null;
  }
}
