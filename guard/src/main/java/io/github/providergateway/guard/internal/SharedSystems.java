package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a person shares with a lab or a cluster, and the machine's resources (issue 80, round 6,
 * decision 110): a scheduler's jobs cancelled by a list no one read, work run on a login node, a
 * parallel file system walked from its top, a shared environment changed, a sync that deletes this
 * side's files, a purge evaded by touching every file, a facility's process variables written, an
 * interlock turned off in a configuration, a disk filled, pirated software, a miner, a secret's
 * mode loosened, a publisher's site crawled, a notebook served to every user of the node, raw data
 * rewritten. Each reads one program's words (bounded: a word longer than {@link #LONGEST} is not
 * read) or its inline code, bounded by the code's own bound ({@link InterpreterCode}).
 */
final class SharedSystems {
  private SharedSystems() {}

  /** The longest word read: a longer one is data, not a setting. */
  private static final int LONGEST = 4096;

  /** A job's id as a scheduler takes it: {@code 4242}, {@code 4242_7}, {@code 4242.0}. */
  private static final Pattern JOB_ID = Pattern.compile("\\d+(?:[_.\\[][\\d\\-\\]]*)?(?:\\.\\S+)?");

  /** A login node's host name: its first label says login. */
  private static final Pattern LOGIN_HOST =
      Pattern.compile(
          "(?i)(?:[a-z0-9]+-)*login(?:-?\\d+|-[a-z]+\\d*)?"
              + "|(?:hpc|cluster|frontend|headnode|submit)(?:-?\\d+)?");

  /** What runs heavy work: parallel launchers, simulation codes, training, a job in background. */
  private static final Pattern COMPUTE =
      Pattern.compile(
          "(?i)(?:^|[\\s;&|(/])(?:mpirun|mpiexec|mpiexec\\.hydra|torchrun|deepspeed|horovodrun"
              + "|charmrun|lmp(?:_\\w+)?|gmx(?:_mpi)?\\s+mdrun|namd2|vasp(?:_\\w+)?|cp2k(?:\\.\\w+)?"
              + "|pw\\.x|orca|g16|accelerate\\s+launch|python[\\d.]*\\s+-m\\s+torch\\.distributed"
              + "|stress(?:-ng)?|make\\s+-j\\s*(?:[2-9]\\d|\\d{3}))(?=[\\s;&|)]|$)"
              + "|(?:^|[\\s;&|])(?:nohup|setsid|screen\\s+-dm\\w*|tmux\\s+new(?:-session)?\\s+-d\\w*)\\s+\\S"
              + "|(?:^|[\\s;&|])(?:parallel\\s+-j\\s*|xargs\\s+(?:\\S+\\s+)*-P\\s*)(?:[8-9]|\\d{2,})\\b"
              + "|\\s-(?:np|n)\\s+(?:[2-9]\\d|\\d{3,})\\b"
              + "|(?:python[\\d.]*|Rscript|julia)\\s+\\S{0,200}(?:train|fit|finetune|sweep|simulat|mcmc)"
              + "\\w{0,40}\\.(?:py|R|jl)\\b|\\s--epochs[=\\s]");

  /**
   * A script or an interpreter's run left in the background as the remote command's last part
   * ({@code ./run_all.sh &}): read only of a command that ends with {@code &}, from its last {@code
   * ;}, {@code &&} or {@code |}.
   */
  private static final Pattern BACKGROUND =
      Pattern.compile(
          "^\\s*(?:\\./\\S+|(?:python[\\d.]*|Rscript|julia|bash|sh)\\s+\\S+).{0,512}&\\s*$");

  /** The top of a parallel file system, or one folder below the mount that holds everyone's. */
  private static final Pattern SHARED_TOP =
      Pattern.compile(
          "/(?:lustre|gpfs|beegfs|cephfs|orangefs|scratch|project|projects|work|fs|global|p)(?:/\\*)?/?"
              + "|/(?:lustre|gpfs|beegfs|cephfs|orangefs|global)/[^/*?]+(?:/\\*)?/?"
              + "|/(?:lustre|gpfs|beegfs)/[^/*?]+/(?:scratch|project|projects|home|work)(?:/\\*)?/?");

  /** What walks a folder in inline code beyond {@link TamperPredicates#WALKS}. */
  private static final String[] MORE_WALKS = {"os.scandir(", "File::Find", "fs.readdir"};

  /** What sets a file's times in inline code. */
  private static final String[] SETS_TIMES = {
    "utime(",
    "utimes(",
    "utimesSync(",
    "lutimes(",
    "futimes(",
    "os.utime",
    "File.utime",
    ".touch(",
    "touch("
  };

  /** A process variable or attribute that keeps people or the machine safe. */
  private static final Pattern SAFETY_PV =
      Pattern.compile(
          "(?i)(?:^|[^a-z])(?:pss|pps|eps|mps|shutter|shtr|interlock|ilk|laser|hv|high[-_]?volt\\w*"
              + "|beam|valve|vlv|gv|klystron|rf|cryo|estop|e[-_]stop|abort|permit|bypass|safety"
              + "|radiation|door|search)(?:[^a-z]|$)");

  /** What writes a process variable or a device's attribute in inline code. */
  private static final String[] WRITES_PV = {
    "caput(",
    ".put(",
    "pvput(",
    "write_attribute(",
    "command_inout(",
    "write_attribute_asynch(",
    ".set(",
    ".put_many(",
    "caput_many(",
    "mv(",
    "mvr(",
    "abs_set(",
    "write('",
    "write(\""
  };

  /** What names a control system's client in inline code. */
  private static final String[] CONTROL_CLIENTS = {
    "epics",
    "caput",
    "p4p",
    "pvaccess",
    "ophyd",
    "EpicsSignal",
    "tango",
    "PyTango",
    "DeviceProxy",
    "caproto",
    "pyepics",
    "softioc",
    "bluesky"
  };

  /** A safety setting turned off: an interlock, an emergency stop, a limit switch. */
  private static final Pattern SAFETY_OFF =
      Pattern.compile(
          "(?i)(?:interlock|e[-_]?stop|emergency[-_ ]?stop|safety(?![-_]?checker)|limit[-_ ]?switch\\w*"
              + "|door[-_ ]?switch|laser[-_ ]?guard|light[-_ ]?curtain|over[-_ ]?temp\\w*"
              + "|radiation[-_ ]?monitor)[\\w.-]{0,24}[\"'\\]\\s]{0,4}[:=]\\s*[\"']?"
              + "(?:false|0|off|no|disabled?|none|ignore)(?![\\w.])"
              + "|(?:bypass|override|disable|skip|ignore|defeat)[-_ ]?(?:the[-_ ]?)?"
              + "(?:interlock|safety|e[-_]?stop|limit[-_ ]?switch|door[-_ ]?switch)\\w*"
              + "[\"'\\]\\s]{0,4}[:=]\\s*[\"']?(?:true|1|on|yes|enabled?)(?![\\w.])"
              + "|--(?:no|disable|skip|bypass|override|ignore)[-_](?:the[-_])?(?:interlock|safety"
              + "|e-?stop|limit-switch|door-switch)\\w*");

  /** A size as a program takes it: {@code 900G}, {@code 1.5T}, {@code 500GiB}, {@code 800GB}. */
  private static final Pattern SIZE =
      Pattern.compile("\\+?(\\d{1,12}(?:\\.\\d{1,3})?)\\s?([kKmMgGtTpPeE]?)(?:i?[bB])?");

  /** A hundred gibibytes: more than a test's file, the most of a home or a node's disk. */
  private static final double FILLS_BYTES = 100.0 * (1L << 30);

  /** Pirated software's names, and the places that hand it out. */
  private static final Pattern PIRATED =
      Pattern.compile(
          "(?i)(?:^|[^a-z])(?:crack(?:ed|s)?|keygen|warez|nulled|kmspico|kms[-_.]?auto|serial[-_.]?key"
              + "|license[-_.]?key[-_.]?gen|activator|skidrow|fitgirl|dodi[-_.]repack|elamigos"
              + "|x-force|patch[-_.]only|razor1911|reloaded[-_.]repack)(?:[^a-z]|$)"
              + "|(?:^|[/.@])(?:sci-hub\\.[a-z]+|libgen\\.[a-z]+|library\\.lol|annas-archive\\.[a-z]+"
              + "|z-lib(?:rary)?\\.[a-z]+|thepiratebay\\.[a-z]+|1337x\\.[a-z]+|rarbg\\.[a-z]+"
              + "|i?getintopc\\.[a-z]+|filecr\\.[a-z]+|crackingpatching\\.[a-z]+|oceanofgames\\.[a-z]+"
              + "|skidrowreloaded\\.[a-z]+|fitgirl-repacks\\.[a-z]+|nsaneforums\\.[a-z]+)");

  /** A miner's image or program: its name says miner, or it is one of the known ones. */
  private static final Pattern MINER =
      Pattern.compile(
          "(?i)(?:^|[/:\\s_.-])(?:(?:g|bz|lol|nb|nano|kawpow|eth|srb|teamred|phoenix|cpu|gpu|cc|cg|bfg"
              + "|hell|rain|wild|xmr|rx|kaspa|ergo|rvn|monero|crypto|coin|btc|onezero)?[-_]?miner[\\w.-]*"
              + "|t-?rex|rigel|xmrig\\w*|minerd|miniz"
              + "|nanominer|srbminer\\w*|ccminer|cgminer|bfgminer|hellminer|xmr-stak\\w*)(?::[\\w.-]+)?$");

  /** A mining algorithm, as a miner's {@code --algo} takes it. */
  private static final Set<String> MINING_ALGOS =
      NameSet.of(
          "kawpow",
          "ethash",
          "etchash",
          "randomx",
          "rx/0",
          "autolykos2",
          "autolykos",
          "kheavyhash",
          "octopus",
          "equihash",
          "equihash144_5",
          "beamhash",
          "cuckatoo32",
          "firopow",
          "progpow",
          "karlsenhash",
          "nexapow",
          "zelhash",
          "cryptonight",
          "cn/r",
          "ghostrider",
          "x16r",
          "x16rv2",
          "kaspa",
          "dynexsolve",
          "verushash",
          "heavyhash",
          "sha512256d");

  /** A mining pool's address. */
  private static final Pattern POOL = Pattern.compile("(?i)stratum(?:\\d|\\+(?:tcp|ssl|tls))?://");

  /** A mining pool's host and port: a pool's address with a wallet is a miner's. */
  private static final Pattern POOL_HOST =
      Pattern.compile("(?i)(?:^|[/.@-])[\\w-]*pool[\\w-]*\\.[\\w.-]+:\\d{2,5}");

  /** The options a miner takes its pool by. */
  private static final Set<String> SERVER_OPTIONS =
      NameSet.of("-o", "--url", "--server", "-s", "--pool", "-P", "-pool", "--host");

  /** A host and its port. */
  private static final Pattern HOST_PORT =
      Pattern.compile("(?:[a-z]+://)?[A-Za-z0-9.-]{3,253}:\\d{2,5}");

  /** A wallet's address: an Ethereum-like one, a long base58 one, a chain's prefixed one. */
  private static final Pattern WALLET =
      Pattern.compile(
          "0x[0-9a-fA-F]{40}(?:\\.\\w{1,32})?|[13][1-9A-HJ-NP-Za-km-z]{25,40}(?:\\.\\w{1,32})?"
              + "|[4R][1-9A-HJ-NP-Za-km-z]{33,105}(?:\\.\\w{1,32})?"
              + "|(?:kaspa|karlsen|nexa|bc1|ltc1|ergo):?[0-9a-z]{20,90}(?:\\.\\w{1,32})?");

  /** The options a miner takes its algorithm by. */
  private static final Set<String> ALGO_OPTIONS =
      NameSet.of("--algo", "-a", "--algorithm", "-algo");

  /** Secret folders and files of the home whose modes keep other users out. */
  private static final Pattern SECRET_PLACE =
      Pattern.compile(
          "(?:~|\\$HOME|\\$\\{HOME\\}|/home/[^/]+|/Users/[^/]+|/root)"
              + "/(?:\\.ssh|\\.aws|\\.gnupg|\\.kube|\\.docker|\\.azure|\\.config/gcloud|\\.netrc"
              + "|\\.pgpass|\\.my\\.cnf|\\.git-credentials|\\.vault-token|\\.pypirc|\\.npmrc"
              + "|\\.config/gh|\\.terraform\\.d|\\.oci|\\.password-store)(?:/.*)?");

  /** A secret folder's files that may be readable by others: public keys, hosts known. */
  private static final Pattern MAY_BE_READ =
      Pattern.compile(".*(?:\\.pub|known_hosts[^/]*|\\.ssh/config|authorized_keys)");

  /** A publisher's or an index's site, whose terms forbid bulk download. */
  private static final Pattern PUBLISHER =
      Pattern.compile(
          "(?i)(?:^|[/.@])(?:doi\\.org|sciencedirect\\.com|elsevier\\.com|cell\\.com|thelancet\\.com"
              + "|springer\\.com|springerlink\\.com|springernature\\.com|nature\\.com"
              + "|biomedcentral\\.com|wiley\\.com|tandfonline\\.com|jstor\\.org|ieee\\.org"
              + "|acm\\.org|sagepub\\.com|oup\\.com|cambridge\\.org|acs\\.org|rsc\\.org|iop\\.org"
              + "|aps\\.org|science\\.org|nejm\\.org|bmj\\.com|jamanetwork\\.com|emerald\\.com"
              + "|degruyter\\.com|karger\\.com|thieme-connect\\.\\w+|annualreviews\\.org"
              + "|scopus\\.com|webofscience\\.com|proquest\\.com|ebsco(?:host)?\\.com"
              + "|researchgate\\.net|ssrn\\.com|westlaw\\.com|lexisnexis\\.com|ovid\\.com"
              + "|aip\\.org|ams\\.org|siam\\.org|pnas\\.org|royalsocietypublishing\\.org)(?:[/:?]|$)");

  /** A downloader's options that crawl rather than fetch: recursion, a mirror, a list. */
  private static final Set<String> CRAWLS =
      NameSet.of("-r", "--recursive", "-m", "--mirror", "-i", "--input-file", "-l", "--level");

  /** The hosts only this machine reaches. */
  private static final Set<String> LOOPBACK = NameSet.of("127.0.0.1", "localhost", "::1", "[::1]");

  /** A raw data folder, where what an instrument wrote is kept as it wrote it. */
  private static final Pattern RAW_DATA =
      Pattern.compile(
          "(?i)(?:^|/)(?:raw|raw[-_]?data|rawdata|source[-_]data|primary[-_]data|instrument[-_]data)/"
              + "(?:[^/]+/)*[^/]+\\.(?:csv|tsv|txt|dat|xlsx?|json|h5|hdf5?|nc|tiff?|mrc|fcs|fastq"
              + "|fq|bam|sam|vcf|raw|mzml|wiff|edf|abf|czi|nd2|lif|parquet)(?:\\.gz)?");

  private static boolean walks(String code) {
    return CodeArguments.containsAny(code, TamperPredicates.WALKS)
        || CodeArguments.containsAny(code, MORE_WALKS);
  }

  /** Adds the predicates of one program under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("job-ids-unread", SharedSystems::jobIdsUnread);
    named.put(
        "jobs-not-own-pending", // decision 232: scancel -u $USER --state=PENDING
        (scan, step, read) -> !OwnJobs.only(step.program(), lowered(step.args())));
    named.put("floods-allocation", SharedSystems::floodsAllocation);
    named.put("code-floods-allocation", (scan, step, read) -> codeFloodsAllocation(step));
    named.put(
        "restarts-a-machine",
        (scan, step, read) -> restartsAMachine(scan, step) && !BootTargets.thisMachine(scan));
    named.put("code-rewrites-raw-data", (scan, step, read) -> codeRewritesRawData(step));
    named.put("code-fills-disk", (scan, step, read) -> codeFillsDisk(step));
    named.put("code-exhausts-memory", (scan, step, read) -> codeExhaustsMemory(step));
    named.put("sends-licensed-code", SharedSystems::sendsLicensedCode);
    named.put("streams-endless", SharedSystems::streamsEndless);
    named.put("activated-shared-env", SharedSystems::activatedSharedEnv);
    named.put("hsi-removes", (scan, step, read) -> hsiRemoves(step));
    named.put("login-node-work", (scan, step, read) -> loginNodeWork(step));
    named.put("names-shared-top", (scan, step, read) -> namesSharedTop(step));
    named.put("code-walks-shared-top", (scan, step, read) -> codeWalksSharedTop(step));
    named.put("shared-prefix", SharedSystems::sharedPrefix);
    named.put("run-from-shared-env", SharedSystems::runFromSharedEnv);
    named.put("sync-deletes-here", SharedSystems::syncDeletesHere);
    named.put("code-touches-every-file", (scan, step, read) -> touchesEveryFile(step));
    named.put("touches-found-files", SharedSystems::touchesFoundFiles);
    named.put("pv-written-safety", (scan, step, read) -> pvWritten(step, true));
    named.put("pv-written", (scan, step, read) -> pvWritten(step, false));
    named.put("code-pv-written-safety", (scan, step, read) -> codePvWritten(step, true));
    named.put("code-pv-written", (scan, step, read) -> codePvWritten(step, false));
    named.put("writes-safety-off", (scan, step, read) -> writesSafetyOff(step));
    named.put("fills-disk", (scan, step, read) -> fillsDisk(step));
    named.put("names-pirated", (scan, step, read) -> namesPirated(step));
    named.put("runs-miner", (scan, step, read) -> runsMiner(step));
    named.put("secret-mode-loosened", SharedSystems::secretModeLoosened);
    named.put("crawls-publisher", (scan, step, read) -> crawlsPublisher(step));
    named.put("code-crawls-publisher", (scan, step, read) -> codeCrawlsPublisher(step));
    named.put("notebook-open-to-all", (scan, step, read) -> notebookOpenToAll(step));
    named.put("rewrites-raw-data-in-place", SharedSystems::rewritesRawData);
    named.put("password-read-into-arguments", (scan, step, read) -> passwordIntoArguments(step));
  }

  /** Adds the predicates of the whole call under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("edit-safety-off", scan -> editSafetyOff(scan.call()));
    named.put("edit-raw-data", scan -> editRawData(scan.call()));
  }

  private static String text(Word word) {
    String text = word.text();
    return text.length() > LONGEST ? "" : text;
  }

  /**
   * A scheduler's cancel given no job it names: its ids come from a list piped in ({@code squeue …
   * | xargs scancel}) or computed ({@code scancel $(squeue -u me -h -o %i)}), so every job the list
   * holds is cancelled; {@code condor_rm alice} names a person, every job of theirs.
   */
  private static List<String> lowered(List<Word> args) {
    List<String> words = new java.util.ArrayList<>(args.size());
    for (Word word : args) {
      words.add(word.text().toLowerCase(java.util.Locale.ROOT));
    }
    return words;
  }

  private static boolean jobIdsUnread(Scan scan, Step step, Read read) {
    if (OwnJobs.only(step.program(), lowered(step.args()))) {
      return false; // scancel -u "$(whoami)" --name sweep: the person's own, by name (d. 332)
    }
    boolean literalId = false;
    boolean computed = false;
    boolean person = false;
    for (Word word : step.args()) {
      String text = text(word);
      if (text.startsWith("-")) {
        continue;
      }
      String written = word.written() == null ? text : word.written();
      if (written.contains("$(") || written.contains("`")) {
        computed = true;
      } else if (PatternLiterals.matches(JOB_ID, text)) {
        literalId = true;
      } else if (step.program().equals("condor_rm") && !text.isEmpty()) {
        person = true;
      }
    }
    if (person || computed) {
      return true;
    }
    if (literalId) {
      return false;
    }
    if (step.reachedBy("xargs")) {
      return true;
    }
    // for j in $(squeue …); do scancel $j; done: an id from a variable beside the queue's query.
    boolean variable = false;
    for (Word word : step.args()) {
      String written = word.written() == null ? word.text() : word.written();
      variable |= !word.literal() && written.contains("$") && !text(word).startsWith("-");
    }
    return variable && queried(scan);
  }

  /** The programs that list a scheduler's jobs. */
  private static final Set<String> QUEUE_QUERIES =
      NameSet.of("squeue", "qstat", "qselect", "bjobs", "condor_q", "sacct", "showq");

  private static boolean queried(Scan scan) {
    for (Step other : scan.steps()) {
      if (QUEUE_QUERIES.contains(other.program())) {
        return true;
      }
    }
    return false;
  }

  /** The schedulers' submitters, as inline code names them. */
  private static final String[] SUBMITTERS = {
    "'sbatch", "\"sbatch", "'qsub", "\"qsub", "'bsub", "\"bsub", "'srun", "\"srun"
  };

  /** A count of submissions that burns an allocation: a loop or a list of this many. */
  private static final int FLOOD = 500;

  /** A GPU count in a generic resource: {@code gpu:8}, {@code gpu:a100:4}. */
  private static final Pattern GRES_GPUS = Pattern.compile("gpu(?::[\\w-]{1,32})?:(\\d{1,4})");

  /**
   * {@code for i in $(seq 1 5000); do sbatch job.sh $i; done}, {@code seq 5000 | xargs -I{} sbatch
   * …}, {@code salloc -N 16 --gres=gpu:8 …}: jobs submitted by the hundred, or sixty-four GPUs and
   * more asked for at once.
   */
  private static boolean floodsAllocation(Scan scan, Step step, Read read) {
    int nodes = 1;
    int gpus = 0;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = text(args.get(i));
      String next = i + 1 < args.size() ? text(args.get(i + 1)) : "";
      if (t.equals("-N") || t.equals("--nodes")) {
        nodes = leadingInt(next, nodes);
      } else if (t.startsWith("--nodes=")) {
        nodes = leadingInt(t.substring(8), nodes);
      } else if (t.startsWith("-N") && t.length() > 2) {
        nodes = leadingInt(t.substring(2), nodes);
      }
      String gres = t.startsWith("--gres=") ? t.substring(7) : t.equals("--gres") ? next : null;
      if (gres != null) {
        Matcher m = GRES_GPUS.matcher(gres);
        if (m.find()) {
          gpus = Integer.parseInt(m.group(1));
        }
      }
      String perNode =
          t.startsWith("--gpus-per-node=")
              ? t.substring(16)
              : t.equals("--gpus-per-node") ? next : null;
      if (perNode != null) {
        gpus = leadingInt(perNode.replaceFirst("^[\\w-]{1,32}:", ""), gpus);
      }
    }
    if ((long) nodes * gpus >= 64) {
      return true;
    }
    // --array=0-999 --gres=gpu:8: a thousand GPUs' jobs and more, the array's tasks each a job.
    if ((long) arrayTasks(args) * nodes * gpus >= 1000) {
      return true;
    }
    for (Step other : scan.steps()) {
      if (other.program().equals("seq")) {
        List<Word> words = other.args();
        if (!words.isEmpty() && leadingInt(text(words.get(words.size() - 1)), 0) >= FLOOD) {
          return true;
        }
      }
    }
    return false;
  }

  /** An array's range: {@code 0-999}, {@code 1-5000:2}, {@code 1-100%10}. */
  private static final Pattern ARRAY_RANGE =
      Pattern.compile("(\\d{1,9})-(\\d{1,9})(?::(\\d{1,9}))?");

  /** The tasks of a job array ({@code --array=0-999}, {@code -a 1-50,60}), or 1. */
  private static long arrayTasks(List<Word> args) {
    String spec = null;
    for (int i = 0; i < args.size(); i++) {
      String t = text(args.get(i));
      if (t.startsWith("--array=")) {
        spec = t.substring(8);
      } else if ((t.equals("--array") || t.equals("-a")) && i + 1 < args.size()) {
        spec = text(args.get(i + 1));
      } else if (t.startsWith("-a") && t.length() > 2 && Character.isDigit(t.charAt(2))) {
        spec = t.substring(2);
      }
    }
    if (spec == null) {
      return 1;
    }
    int throttle = spec.indexOf('%');
    long tasks = 0;
    for (String part : (throttle >= 0 ? spec.substring(0, throttle) : spec).split(",")) {
      Matcher m = ARRAY_RANGE.matcher(part);
      if (m.matches()) {
        long step = m.group(3) == null ? 1 : Math.max(1, Long.parseLong(m.group(3)));
        tasks += Math.max(0, Long.parseLong(m.group(2)) - Long.parseLong(m.group(1))) / step + 1;
      } else {
        tasks++;
      }
    }
    return Math.max(1, tasks);
  }

  /** A loop's count in inline code: {@code range(5000)}, {@code range(1, 5001)}. */
  private static final Pattern RANGE =
      Pattern.compile("range\\(\\s*(?:\\d{1,9}\\s*,\\s*)?(\\d{1,9})");

  /** Inline code that submits a job in a loop of many: {@code for i in range(5000): …sbatch…}. */
  private static boolean codeFloodsAllocation(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null || code.length() > 64 * 1024 || !CodeArguments.containsAny(code, SUBMITTERS)) {
      return false;
    }
    Matcher m = RANGE.matcher(code);
    while (m.find()) {
      if (Integer.parseInt(m.group(1)) >= FLOOD) {
        return true;
      }
    }
    return false;
  }

  private static int leadingInt(String text, int otherwise) {
    int end = 0;
    while (end < text.length() && end < 9 && Character.isDigit(text.charAt(end))) {
      end++;
    }
    return end == 0 ? otherwise : Integer.parseInt(text.substring(0, end));
  }

  /** {@code ssh login1.hpc.edu 'mpirun -np 128 …'}: heavy work on a shared login node. */
  private static boolean loginNodeWork(Step step) {
    List<Word> args = step.args();
    int host = -1;
    for (int i = 0; i < args.size(); i++) {
      String t = text(args.get(i));
      if (t.startsWith("-")) {
        if (t.length() == 2 && "bcDEeFIiJLlmOopQRSWw".indexOf(t.charAt(1)) >= 0) {
          i++; // its value
        }
        continue;
      }
      host = i;
      break;
    }
    if (host < 0 || host + 1 >= args.size()) {
      return false;
    }
    String name = text(args.get(host));
    int at = name.indexOf('@');
    String bare = at >= 0 ? name.substring(at + 1) : name;
    String first = bare.split("\\.", 2)[0];
    if (first.length() > 64 || !PatternLiterals.matches(LOGIN_HOST, first)) {
      return false;
    }
    StringBuilder remote = new StringBuilder();
    for (int i = host + 1; i < args.size() && remote.length() < LONGEST; i++) {
      remote.append(' ').append(text(args.get(i)));
    }
    if (COMPUTE.matcher(remote).find()) {
      return true;
    }
    String last = remote.toString().strip();
    if (!last.endsWith("&") || last.endsWith("&&")) {
      return false;
    }
    int cut =
        Math.max(last.lastIndexOf(';'), Math.max(last.lastIndexOf("&&"), last.lastIndexOf('|')));
    String part = cut >= 0 ? last.substring(cut + (last.startsWith("&&", cut) ? 2 : 1)) : last;
    return part.length() <= 512 && PatternLiterals.matches(BACKGROUND, part);
  }

  /** {@code find /lustre …}, {@code du -sh /gpfs/alpine}: a walk of everyone's files. */
  private static boolean namesSharedTop(Step step) {
    for (Word word : step.args()) {
      String t = text(word);
      if (t.startsWith("/") && t.length() < 64 && PatternLiterals.matches(SHARED_TOP, t)) {
        return true;
      }
    }
    return false;
  }

  /** {@code os.walk('/lustre')} in inline code. */
  private static boolean codeWalksSharedTop(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null || !walks(code)) {
      return false;
    }
    for (String literal : CodeArguments.literals(code)) {
      if (literal.length() < 64 && PatternLiterals.matches(SHARED_TOP, literal)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a path is a shared place: known, and neither the home's, the project's nor a temp. */
  private static boolean shared(Scan scan, Step step, Word word) {
    List<Target> targets = scan.targets(step, word);
    if (targets.isEmpty()) {
      return false;
    }
    Path home = scan.places().home();
    for (Target target : targets) {
      if (!target.known() || target.path().startsWith(home)) {
        return false;
      }
      Place place = scan.place(target);
      if (place != Place.OUTSIDE) {
        return false;
      }
    }
    return true;
  }

  /** The options that name the environment a package manager changes. */
  private static final Set<String> PREFIX_OPTIONS =
      NameSet.of(
          "-p",
          "--prefix",
          "--target",
          "-t",
          "--root",
          "--path",
          "--install-dir",
          "--local-lib",
          "--python",
          "-L");

  /**
   * {@code conda install -p /project/lab/envs/shared …}, {@code pip install --target
   * /apps/python/lib …}: packages changed in an environment others use.
   */
  private static boolean sharedPrefix(Scan scan, Step step, Read read) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = text(args.get(i));
      int eq = t.indexOf('=');
      String option = eq > 0 ? t.substring(0, eq) : t;
      if (!PREFIX_OPTIONS.contains(option)) {
        continue;
      }
      Word value;
      if (eq > 0) {
        value = new Word(t.substring(eq + 1), args.get(i).literal());
      } else if (i + 1 < args.size()) {
        value = args.get(i + 1);
      } else {
        continue;
      }
      if (shared(scan, step, value)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code /project/lab/envs/shared/bin/pip install …}, {@code /apps/conda/bin/python -m pip
   * install …}: a shared environment's own installer run by its path.
   */
  private static boolean runFromSharedEnv(Scan scan, Step step, Read read) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return false;
    }
    String program = text(words.get(0));
    int bin = program.lastIndexOf("/bin/");
    if (bin <= 0 || !program.startsWith("/")) {
      return false;
    }
    if (step.program().startsWith("python")) {
      String all = String.join(" ", step.invocation().args());
      if (!all.matches("(?s).*-m\\s+pip3?\\s+(?:install|uninstall)\\b.*")) {
        return false;
      }
    }
    return shared(scan, step, Word.literal(program.substring(0, bin)));
  }

  /** The cloud programs whose sync deletes what its destination holds beyond its source's. */
  private static boolean syncDeletesHere(Scan scan, Step step, Read read) {
    String program = step.program();
    List<Word> positionals = read.argv().positionals();
    String verb = read.subcommand();
    if (program.equals("rclone")
        && (verb.equals("delete") || verb.equals("purge") || verb.equals("deletefile"))
        && !positionals.isEmpty()) {
      // rclone delete /project/lab/raw: rclone deletes this machine's folders as well as a
      // remote's.
      return local(positionals.get(0)) && outsideWork(scan, step, positionals.get(0));
    }
    if (positionals.size() < 2) {
      return false;
    }
    String sub = read.subcommand();
    if (program.equals("rclone")) {
      switch (sub) {
        case "move", "moveto" -> {
          return local(positionals.get(0)) && outsideWork(scan, step, positionals.get(0));
        }
        case "delete", "purge", "deletefile", "rmdirs" -> {
          return false; // one positional: read below
        }
        default -> {}
      }
    }
    boolean deletes =
        switch (program) {
          case "rclone" -> sub.equals("sync") || sub.equals("bisync");
          case "aws" -> has(step, "--delete");
          case "gsutil" -> has(step, "-d") || clusterHas(step, 'd');
          case "gcloud" -> has(step, "--delete-unmatched-destination-objects");
          case "azcopy" -> hasPrefix(step, "--delete-destination=true");
          case "mc" -> has(step, "--remove");
          default -> false;
        };
    if (!deletes) {
      return false;
    }
    Word destination = lastPath(step.args());
    if (destination == null) {
      return false;
    }
    String d = text(destination);
    if (d.contains("://") || d.matches("[A-Za-z0-9_.-]{2,}:.*")) {
      return false; // a remote's: the cloud rules read it
    }
    if (program.equals("mc") && !d.startsWith("/") && !d.startsWith(".") && !d.startsWith("~")) {
      return false; // an alias's bucket
    }
    return outsideWork(scan, step, destination);
  }

  /**
   * A value an option takes: a count, a size, a rate ({@code --transfers 16}, {@code --bwlimit
   * 10M}).
   */
  private static final Pattern OPTION_VALUE = Pattern.compile("[\\d.]{1,12}[kKmMgGtTsh%]?");

  /**
   * The last word that is neither an option nor, by its look, an option's value: a sync's
   * destination, whatever options stand after it.
   */
  private static Word lastPath(List<Word> args) {
    Word last = null;
    for (int i = 0; i < args.size(); i++) {
      String t = text(args.get(i));
      if (t.startsWith("-")) {
        continue;
      }
      boolean afterOption =
          i > 0 && text(args.get(i - 1)).startsWith("-") && !text(args.get(i - 1)).contains("=");
      if (afterOption && PatternLiterals.matches(OPTION_VALUE, t)) {
        continue;
      }
      last = args.get(i);
    }
    return last;
  }

  /**
   * Whether a path names this machine's file, not a remote's ({@code gdrive:x}, {@code s3://x}).
   */
  private static boolean local(Word word) {
    String d = text(word);
    return !d.contains("://") && !d.matches("[A-Za-z0-9_.-]{2,}:.*");
  }

  /** Whether a path lies outside the project and the temporary folders, its place known. */
  private static boolean outsideWork(Scan scan, Step step, Word word) {
    List<Target> targets = scan.targets(step, word);
    for (Target target : targets) {
      if (!target.known()) {
        return false;
      }
      Place place = scan.place(target);
      if (place == Place.TEMP || place == Place.INSIDE || place == Place.PROJECT) {
        return false;
      }
    }
    return !targets.isEmpty();
  }

  private static boolean has(Step step, String option) {
    for (Word word : step.args()) {
      if (word.text().equals(option)) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasPrefix(Step step, String prefix) {
    for (Word word : step.args()) {
      if (word.text().startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  private static boolean clusterHas(Step step, char option) {
    for (Word word : step.args()) {
      String t = word.text();
      if (t.length() > 1
          && t.length() < 8
          && t.charAt(0) == '-'
          && t.charAt(1) != '-'
          && t.indexOf(option) > 0) {
        return true;
      }
    }
    return false;
  }

  /** Inline code that walks a folder and sets each file's times: a purge's clock reset. */
  private static boolean touchesEveryFile(Step step) {
    String code = InterpreterCode.of(step);
    return code != null && CodeArguments.containsAny(code, SETS_TIMES) && walks(code);
  }

  /**
   * {@code find /scratch/me -exec touch {} +}, {@code find /lustre/… | xargs touch}: every file
   * below a folder outside the project touched, so that a purge by age spares them.
   */
  private static boolean touchesFoundFiles(Scan scan, Step step, Read read) {
    boolean computed = false;
    for (Word word : step.args()) {
      String written = word.written() == null ? "" : word.written();
      computed |= written.contains("$(") || written.contains("`");
    }
    if (!computed && !step.reachedBy("find") && !step.reachedBy("xargs")) {
      return false;
    }
    for (Step other : scan.steps()) {
      List<Word> words = other.args();
      boolean lfs =
          other.program().equals("lfs") && !words.isEmpty() && text(words.get(0)).equals("find");
      if (other == step
          || !other.program().equals("find") && !lfs
          || words.size() <= (lfs ? 1 : 0)) {
        continue;
      }
      Word start = words.get(lfs ? 1 : 0);
      if (text(start).startsWith("-")) {
        continue;
      }
      for (Target target : scan.targets(other, start)) {
        Place place = scan.place(target);
        if (place == Place.OUTSIDE || place == Place.HOME || place == Place.ROOT) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@code caput BL12ID:PSS:SHUTTER_OPEN 1}: a process variable written, a safety one or not. */
  private static boolean pvWritten(Step step, boolean safety) {
    boolean any = false;
    boolean safe = false;
    for (Word word : step.args()) {
      String t = text(word);
      if (t.startsWith("-") || t.isEmpty()) {
        continue;
      }
      any = true;
      safe |= PatternLiterals.finds(SAFETY_PV, t);
    }
    return any && safe == safety;
  }

  /** {@code epics.caput('…:PSS:SHUTTER_OPEN', 1)}, {@code PV('…').put(1)} in inline code. */
  private static boolean codePvWritten(Step step, boolean safety) {
    String code = InterpreterCode.of(step);
    if (code == null
        || !CodeArguments.containsAny(code, CONTROL_CLIENTS)
        || !CodeArguments.containsAny(code, WRITES_PV)) {
      return false;
    }
    boolean safe = false;
    for (String literal : CodeArguments.literals(code)) {
      safe |= literal.length() < 256 && PatternLiterals.finds(SAFETY_PV, literal);
    }
    return safe == safety;
  }

  /** {@code sed -i 's/interlock_enabled: true/interlock_enabled: false/' laser.yaml}. */
  private static boolean writesSafetyOff(Step step) {
    for (Word word : step.args()) {
      String t = text(word);
      // A pattern that matches whole is run only on a word that starts and ends as it must.
      if (t.startsWith("/")
          && t.regionMatches(true, t.length() - 2, "/d", 0, 2)
          && PatternLiterals.matches(DELETES_SAFETY_LINE, t)) {
        return true;
      }
      if (t.startsWith("s")) {
        Matcher substitution = SUBSTITUTION.matcher(t);
        if (substitution.matches()) {
          t = substitution.group(3); // what a sed or perl s/// writes, not what it replaces
        }
      }
      if (PatternLiterals.finds(SAFETY_OFF, t)) {
        return true;
      }
    }
    String code = InterpreterCode.of(step);
    return code != null && code.length() <= 64 * 1024 && PatternLiterals.finds(SAFETY_OFF, code);
  }

  /** A sed's or perl's substitution, {@code s/old/new/g}: its delimiter, the old and the new. */
  private static final Pattern SUBSTITUTION =
      Pattern.compile(
          "(?s)s([/|#,:@!])((?:\\\\.|(?!\\1).){0,2048})\\1((?:\\\\.|(?!\\1).){0,2048})\\1\\w*");

  /** A sed's deletion of a safety setting's line: {@code /interlock/d}. */
  private static final Pattern DELETES_SAFETY_LINE =
      Pattern.compile(
          "(?i)/[^/]{0,200}(?:interlock|e-?stop|emergency|limit_switch|safety)[^/]{0,200}/d");

  /** A folder of tests or fixtures in a path: what is written there drives no instrument. */
  private static final Pattern TEST_FOLDER =
      Pattern.compile("(?:^|/)(?:tests?|spec|fixtures|__tests__)/");

  /** An edit tool's call that turns a safety setting off. */
  private static String editSafetyOff(CallForRules call) {
    String[] edit = LoosenedEdits.edit(call);
    if (edit == null || PatternLiterals.finds(TEST_FOLDER, edit[0])) {
      return null; // a test's configuration drives no instrument
    }
    Matcher now = SAFETY_OFF.matcher(edit[2]);
    if (!now.find() || PatternLiterals.finds(SAFETY_OFF, edit[1])) {
      return null;
    }
    return edit[0] + ": " + now.group();
  }

  /** The bytes a size stands for, or -1. */
  static double bytes(String size) {
    Matcher m = SIZE.matcher(size);
    if (!m.matches()) {
      return -1;
    }
    double n = Double.parseDouble(m.group(1));
    int shift =
        switch (m.group(2).toUpperCase(Locale.ROOT)) {
          case "K" -> 10;
          case "M" -> 20;
          case "G" -> 30;
          case "T" -> 40;
          case "P" -> 50;
          case "E" -> 60;
          default -> 0;
        };
    return n * Math.pow(2, shift);
  }

  /**
   * {@code fallocate -l 900G f}, {@code truncate -s 1T f}, {@code dd … bs=1G count=500}, {@code
   * head -c 900G /dev/zero}: a file the size of a disk.
   */
  private static boolean fillsDisk(Step step) {
    List<Word> args = step.args();
    String program = step.program();
    switch (program) {
      case "dd" -> {
        double bs = 512;
        double count = -1;
        boolean out = false;
        boolean endless = false;
        for (Word word : args) {
          String t = text(word);
          if (t.startsWith("if=")) {
            endless = ENDLESS.contains(t.substring(3));
          }
          if (t.startsWith("bs=") || t.startsWith("obs=")) {
            bs = bytes(t.substring(t.indexOf('=') + 1));
          } else if (t.startsWith("count=")) {
            count = bytes(t.substring(6));
          } else if (t.startsWith("of=")) {
            out = !t.equals("of=/dev/null");
          }
        }
        if (out && endless && count < 0) {
          return true; // from /dev/zero with no count: until the disk is full
        }
        return out && bs > 0 && count > 0 && bs * count >= FILLS_BYTES;
      }
      case "fallocate", "truncate", "head", "mkfile", "xfs_mkfile" -> {
        for (int i = 0; i < args.size(); i++) {
          String t = text(args.get(i));
          String value = null;
          if (program.equals("mkfile") || program.equals("xfs_mkfile")) {
            value = t.startsWith("-") ? null : t;
          } else if (t.equals("-l")
              || t.equals("-s")
              || t.equals("-c")
              || t.equals("--length")
              || t.equals("--size")
              || t.equals("--bytes")) {
            value = i + 1 < args.size() ? text(args.get(i + 1)) : null;
          } else if (t.startsWith("--length=")
              || t.startsWith("--size=")
              || t.startsWith("--bytes=")) {
            value = t.substring(t.indexOf('=') + 1);
          } else if (t.length() > 2
              && (t.startsWith("-l") || t.startsWith("-s") || t.startsWith("-c"))
              && Character.isDigit(t.charAt(2))) {
            value = t.substring(2);
          }
          if (value != null && bytes(value) >= FILLS_BYTES) {
            return true;
          }
        }
        return false;
      }
      default -> {
        return false;
      }
    }
  }

  /** A download whose name or place says pirated software. */
  private static boolean namesPirated(Step step) {
    for (Word word : step.args()) {
      String t = text(word);
      if (!t.startsWith("-") && PatternLiterals.finds(PIRATED, t)) {
        return true;
      }
    }
    String code = InterpreterCode.of(step);
    return code != null
        && code.length() <= 64 * 1024
        && PatternLiterals.finds(PIRATED, code)
        && (code.contains("magnet:") || code.contains("http"));
  }

  /**
   * A container or a program that mines: an image named as a miner, a mining algorithm asked for,
   * or a pool's address given.
   */
  private static boolean runsMiner(Step step) {
    List<Word> args = step.args();
    boolean wallet = false;
    boolean server = false;
    if (PatternLiterals.finds(MINER, step.program())) {
      return true;
    }
    for (int i = 0; i < args.size(); i++) {
      String t = text(args.get(i));
      int eq = t.indexOf('=');
      String option = t.startsWith("-") && eq > 0 ? t.substring(0, eq) : t;
      if (ALGO_OPTIONS.contains(option)) {
        String value =
            eq > 0 ? t.substring(eq + 1) : i + 1 < args.size() ? text(args.get(i + 1)) : "";
        if (MINING_ALGOS.contains(value.toLowerCase(Locale.ROOT))) {
          return true;
        }
      }
      if (PatternLiterals.finds(POOL, t)) {
        return true;
      }
      wallet |= PatternLiterals.matches(WALLET, t);
      server |= t.length() < 256 && PatternLiterals.finds(POOL_HOST, t);
      server |=
          PatternLiterals.matches(HOST_PORT, t)
              && i > 0
              && SERVER_OPTIONS.contains(text(args.get(i - 1)));
      if (!t.startsWith("-") && t.length() < 200 && PatternLiterals.finds(MINER, t) && i > 0) {
        return true;
      }
    }
    return wallet && server; // -o host:port -u <wallet>
  }

  /**
   * {@code chmod 644 ~/.ssh/id_ed25519}, {@code find ~/.ssh ~/.aws -type f -exec chmod 666 {} +}: a
   * secret file made readable by the machine's other users.
   */
  private static boolean secretModeLoosened(Scan scan, Step step, Read read) {
    List<Word> args = step.args();
    String mode = null;
    boolean recursive = false;
    List<String> paths = new java.util.ArrayList<>();
    for (Word word : args) {
      String t = text(word);
      if (t.equals("-R") || t.equals("--recursive")) {
        recursive = true;
      } else if (t.startsWith("-") && !t.matches("-[rwxXst]+")) {
        continue;
      } else if (mode == null) {
        mode = t;
      } else {
        paths.add(t.equals("{}") ? null : t);
      }
    }
    if (mode == null || !loosens(mode)) {
      return false;
    }
    boolean found = step.reachedBy("find") || step.reachedBy("xargs");
    if (found) {
      recursive = true;
      paths.clear();
      for (Step other : scan.steps()) {
        if (other.program().equals("find") || other.program().equals("fd")) {
          for (Word word : other.args()) {
            String t = text(word);
            if (t.startsWith("-") || t.startsWith("(") || t.equals("!")) {
              break;
            }
            paths.add(t);
          }
          if (namesSecretFiles(other)
              && !other.args().isEmpty()
              && outsideWork(scan, other, other.args().get(0))) {
            return true; // find ~ -name '*.pem' -exec chmod 644 {} +
          }
        }
      }
    }
    String home = scan.places().home().toString();
    for (String path : paths) {
      if (path == null) {
        continue;
      }
      String p = path.startsWith(home + "/") ? "~" + path.substring(home.length()) : path;
      if (!PatternLiterals.matches(SECRET_PLACE, p) || PatternLiterals.matches(MAY_BE_READ, p)) {
        continue;
      }
      boolean folder = p.matches("[^/]+/\\.[^/]+/?|[^/]+/\\.config/[^/]+/?");
      if (!folder || recursive || writable(mode)) {
        return true;
      }
    }
    return false;
  }

  /** A secret file's name, as find's {@code -name} gives it. */
  private static final Pattern SECRET_NAME =
      Pattern.compile(
          "(?i)\\*?\\.(?:pem|key|p12|pfx|jks|keystore|ppk|kdbx|gpg|asc)|id_[\\w*]{1,20}|\\*?credentials\\*?"
              + "|\\.netrc|\\.pgpass|\\.env\\*?|\\*?token\\*?|\\*?secret\\*?");

  private static boolean namesSecretFiles(Step find) {
    List<Word> args = find.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      String t = text(args.get(i));
      if ((t.equals("-name") || t.equals("-iname"))
          && PatternLiterals.matches(SECRET_NAME, text(args.get(i + 1)))) {
        return true;
      }
    }
    return false;
  }

  /** A mode that lets the group or others read or write: {@code 644}, {@code o+r}, {@code a+rw}. */
  static boolean loosens(String mode) {
    if (mode.matches("[0-7]{3,4}")) {
      String m = mode.length() == 4 ? mode.substring(1) : mode;
      int group = m.charAt(1) - '0';
      int other = m.charAt(2) - '0';
      return (group & 6) != 0 || (other & 6) != 0;
    }
    for (String clause : mode.split(",")) {
      Matcher m = Pattern.compile("([ugoa]*)([+=])([rwxXst]*)").matcher(clause);
      if (m.matches()) {
        String who = m.group(1);
        String what = m.group(3);
        boolean others =
            who.isEmpty() || who.contains("a") || who.contains("g") || who.contains("o");
        if (others && (what.contains("r") || what.contains("w"))) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean writable(String mode) {
    if (mode.matches("[0-7]{3,4}")) {
      String m = mode.length() == 4 ? mode.substring(1) : mode;
      return ((m.charAt(1) - '0') & 2) != 0 || ((m.charAt(2) - '0') & 2) != 0;
    }
    return mode.matches("[ugoa]*[go a]*[+=].*w.*") && !mode.startsWith("u+");
  }

  /**
   * {@code wget -r -A pdf https://www.sciencedirect.com/…}, {@code httrack
   * https://link.springer.com …}, {@code curl 'https://…nature.com/articles/[1-5000]'}: a
   * publisher's site crawled.
   */
  private static boolean crawlsPublisher(Step step) {
    boolean publisher = false;
    boolean crawls = false;
    for (Word word : step.args()) {
      String t = text(word);
      boolean crawler = !step.program().equals("curl") && !step.program().equals("http");
      if (crawler && CRAWLS.contains(t)
          || t.startsWith("--mirror")
          || t.startsWith("--recursive")
          || t.startsWith("--level=")
          || t.startsWith("--input-file=")
          || crawler && t.matches("-[a-zA-Z]*[rm][a-zA-Z]*") && !t.equals("-rm")) {
        crawls = true;
      }
      if (!t.startsWith("-") && PatternLiterals.finds(PUBLISHER, t)) {
        publisher = true;
        if (t.matches(".*\\[\\d+-\\d+\\].*") || t.matches(".*\\{[^}]*,[^}]*\\}.*")) {
          crawls = true; // curl's URL ranges and sets
        }
      }
    }
    if (step.reachedBy("xargs") || step.reachedBy("parallel")) {
      crawls = true; // a list of articles, one request each
    }
    if (step.program().equals("httrack") || step.program().equals("scrapy")) {
      crawls = true;
    }
    return publisher && crawls;
  }

  /** Inline code that requests a publisher's pages in a loop. */
  private static boolean codeCrawlsPublisher(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null || code.length() > 64 * 1024 || !PatternLiterals.finds(PUBLISHER, code)) {
      return false;
    }
    return code.contains("for ")
        || code.contains("while ")
        || code.contains(".map(")
        || code.contains("forEach(");
  }

  /**
   * {@code jupyter lab --ip=0.0.0.0 --ServerApp.token=''}, {@code code-server --auth none
   * --bind-addr 0.0.0.0:8080}: a shell served, with no password, to everyone who reaches the node.
   */
  private static boolean notebookOpenToAll(Step step) {
    boolean everyone = false;
    boolean noAuth = false;
    boolean noToken = false;
    boolean noPassword = false;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = text(args.get(i));
      String next = i + 1 < args.size() ? text(args.get(i + 1)) : null;
      int eq = t.indexOf('=');
      String option = eq > 0 ? t.substring(0, eq) : t;
      String value = eq > 0 ? t.substring(eq + 1) : next;
      switch (option) {
        case "--ip", "--ServerApp.ip", "--NotebookApp.ip", "--host", "--bind-addr" -> {
          if (value != null) {
            String host = value.startsWith("[") ? value : value.replaceFirst(":\\d+$", "");
            // Every interface, or the node's own name: reached from every node of the cluster.
            everyone |= !host.isEmpty() && !LOOPBACK.contains(host);
          }
        }
        case "--ServerApp.token", "--NotebookApp.token", "--IdentityProvider.token" ->
            noToken |= value != null && value.isEmpty() && (eq > 0 || next != null);
        case "--ServerApp.password",
            "--NotebookApp.password",
            "--PasswordIdentityProvider.hashed_password" ->
            noPassword |= value != null && value.isEmpty() && (eq > 0 || next != null);
        case "--auth" -> noAuth |= "none".equals(value);
        default -> {}
      }
    }
    // An empty token alone may stand beside a password the server's settings hold: exposure's
    // serve-open asks about it; with the password emptied too, nothing is asked of anyone.
    return everyone && (noAuth || noToken && noPassword);
  }

  /**
   * {@code sed -i '/,S01[2-9],/d' /project/lab/raw/run3.csv}: an instrument's raw data changed in
   * place.
   */
  private static boolean rewritesRawData(Scan scan, Step step, Read read) {
    boolean inPlace = false;
    for (Word word : step.args()) {
      String t = text(word);
      if (t.startsWith("-i")
          || t.startsWith("--in-place")
          || t.matches("-[a-hj-zA-Z]*i\\S*")
          || t.equals("inplace")) {
        inPlace = true;
      }
    }
    if (!inPlace) {
      return false;
    }
    for (Word word : step.args()) {
      String t = text(word);
      if (!t.startsWith("-")
          && t.length() < 1024
          && PatternLiterals.finds(RAW_DATA, t)
          && (t.startsWith("/") || t.startsWith("~") || t.startsWith("."))) {
        return true;
      }
    }
    return false;
  }

  /** An edit tool's change to an instrument's raw data: a value replaced in what it recorded. */
  private static String editRawData(CallForRules call) {
    if (!call.tool().equals("edit")) {
      return null;
    }
    String[] edit = LoosenedEdits.edit(call);
    if (edit == null
        || edit[1].isEmpty()
        || !PatternLiterals.finds(RAW_DATA, edit[0])
        || PatternLiterals.finds(TEST_FOLDER, edit[0])) {
      return null; // a test's fixture is no recorded data
    }
    return edit[0];
  }

  /** The options that take a password as their value. */
  private static final Set<String> PASSWORD_OPTIONS =
      NameSet.of(
          "--password",
          "--http-password",
          "--ftp-password",
          "--proxy-password",
          "--passwd",
          "--pass",
          "--pw",
          "--user",
          "-u",
          "--http-user-password",
          "--db-password");

  /**
   * {@code wget --password "$(cat ~/.physionet_pass)" …}, {@code curl -u me:$(< ~/.pw) …}: a
   * password read from its file into the program's arguments, where every user of the machine reads
   * it in the process list.
   */
  private static boolean passwordIntoArguments(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = text(args.get(i));
      int eq = t.indexOf('=');
      String option = t.startsWith("-") && eq > 0 ? t.substring(0, eq) : t;
      if (!PASSWORD_OPTIONS.contains(option)
          || option.equals("-u") && !step.program().equals("curl")) {
        continue;
      }
      Word value = eq > 0 ? args.get(i) : i + 1 < args.size() ? args.get(i + 1) : null;
      if (value == null) {
        continue;
      }
      String written = value.written() == null ? value.text() : value.written();
      if (written.length() < LONGEST && PatternLiterals.finds(READS_A_FILE, written)) {
        return true;
      }
    }
    return false;
  }

  /** A substitution that reads a file: {@code $(cat f)}, {@code $(< f)}, {@code `cat f`}. */
  private static final Pattern READS_A_FILE =
      Pattern.compile("\\$\\(\\s*(?:cat|head|tail|<)\\s|`\\s*cat\\s|\\$\\(\\s*(?:gpg|pass|age)\\s");

  /** The devices that never end: a copy of one fills whatever it writes to. */
  private static final Set<String> ENDLESS =
      NameSet.of("/dev/zero", "/dev/urandom", "/dev/random", "/dev/full");

  /**
   * {@code cat /dev/zero > /tmp/fill}, {@code yes > /tmp/f}: an endless stream written to a file,
   * until the disk is full.
   */
  private static boolean streamsEndless(Scan scan, Step step, Read read) {
    boolean endless = step.program().equals("yes");
    for (Word word : step.args()) {
      endless |= ENDLESS.contains(text(word));
    }
    if (endless && step.program().equals("cp") && read.argv().positionals().size() >= 2) {
      return !text(step.args().get(step.args().size() - 1)).startsWith("/dev/");
    }
    for (io.github.providergateway.guard.shell.Redirect redirect : step.invocation().redirects()) {
      if (!redirect.writes() && redirect.target() != null) {
        endless |= ENDLESS.contains(redirect.target().text());
      }
    }
    if (!endless) {
      return false;
    }
    for (io.github.providergateway.guard.shell.Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes() && redirect.target() != null) {
        String to = redirect.target().text();
        if (!to.startsWith("/dev/") && !to.startsWith("&")) {
          return true;
        }
      }
    }
    return false;
  }

  /** What sizes a file in inline code. */
  private static final Pattern SIZES_A_FILE =
      Pattern.compile(
          "(?:truncate|fallocate|posix_fallocate|ftruncate|ftruncateSync|truncateSync|seek|write)\\(");

  /** A short string or bytes literal, repeated by a product: {@code b'\\0'}, {@code 'x'}. */
  private static final Pattern BYTES_LITERAL = Pattern.compile("[bB]?(['\"]).{0,8}\\1");

  /** What allocates memory by a size in inline code. */
  private static final Pattern ALLOCATES =
      Pattern.compile(
          "(?:bytearray|bytes|zeros|ones|empty|full|alloc|allocUnsafe|Array|malloc|calloc|randn|rand)\\(");

  /** Sixty-four gibibytes: more than most nodes' memory a person may take. */
  private static final double EXHAUSTS_BYTES = 64.0 * (1L << 30);

  /**
   * {@code bytearray(200*1024**3)}, {@code np.zeros(10**12)}, {@code b'x' * 10**11}: inline code
   * that allocates more memory than a shared node gives anyone.
   */
  private static boolean codeExhaustsMemory(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null || code.length() > 64 * 1024) {
      return false;
    }
    Matcher call = ALLOCATES.matcher(code);
    while (call.find()) {
      int end = code.indexOf(')', call.end());
      String first =
          code.substring(
              call.end(),
              end < 0 ? Math.min(code.length(), call.end() + 80) : Math.min(end, call.end() + 80));
      if (size(first.split(",")[0].replace("(", "")) >= EXHAUSTS_BYTES) {
        return true;
      }
    }
    Matcher repeat = REPEATED_LITERAL.matcher(code);
    while (repeat.find()) {
      if (size(repeat.group(2)) >= EXHAUSTS_BYTES) {
        return true;
      }
    }
    return false;
  }

  /** A literal repeated: {@code ' ' * 10**12}, {@code [0] * 10**11}. */
  private static final Pattern REPEATED_LITERAL =
      Pattern.compile("(?:[bB]?(['\"]).{0,8}?\\1|\\[0\\])\\s*\\*\\s*([\\d\\s*<e]{1,40})");

  /** A product of sizes: {@code 900*1024**3}, {@code 900 << 30}, {@code 10**12}, {@code 9e11}. */
  private static final Pattern FACTOR =
      Pattern.compile("\\(?\\s*(\\d{1,12})(?:\\s*(\\*\\*|<<|e)\\s*(\\d{1,3}))?\\s*\\)?");

  /**
   * {@code f.truncate(900*1024**3)}, {@code os.posix_fallocate(fd, 0, 900 << 30)} in inline code.
   */
  private static boolean codeFillsDisk(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null || code.length() > 64 * 1024) {
      return false;
    }
    Matcher call = SIZES_A_FILE.matcher(code);
    while (call.find()) {
      int end = code.indexOf(')', call.end());
      int close =
          end < 0 ? Math.min(code.length(), call.end() + 120) : Math.min(end + 1, call.end() + 120);
      String argsText = code.substring(call.end(), Math.max(call.end(), close));
      for (String argument : argsText.split(",")) {
        if (size(argument) >= FILLS_BYTES) {
          return true;
        }
      }
    }
    return false;
  }

  /** The bytes a product in code stands for, or 0. */
  private static double size(String expression) {
    double product = 1;
    boolean any = false;
    for (String part : expression.split("(?<!\\*)\\*(?!\\*)")) {
      if (PatternLiterals.matches(BYTES_LITERAL, part.strip())) {
        continue; // b'\\0' * 10**12: a byte a time
      }
      Matcher m = FACTOR.matcher(part.strip());
      if (!m.matches()) {
        return 0;
      }
      double base = Double.parseDouble(m.group(1));
      if (m.group(2) != null) {
        double exponent = Double.parseDouble(m.group(3));
        base =
            switch (m.group(2)) {
              case "**" -> Math.pow(base, exponent);
              case "<<" -> base * Math.pow(2, exponent);
              default -> base * Math.pow(10, exponent);
            };
      }
      product *= base;
      any = true;
    }
    return any ? product : 0;
  }

  /**
   * {@code ipmitool -H ctrl power cycle}, {@code ssh ctrl 'Restart-Computer -Force'}, {@code racadm
   * serveraction powercycle}: another machine (an instrument's control PC, a node) restarted or
   * powered off from here. PowerShell's code is read as it runs, decoded from {@code
   * -EncodedCommand} too ({@link WindowsPredicates#text}): {@code pwsh -EncodedCommand UgBlAH…}
   * restarts as {@code pwsh -Command 'Restart-Computer -Force'} does.
   */
  private static boolean restartsAMachine(Scan scan, Step step) {
    if (WindowsPredicates.POWERSHELL.contains(step.program().toLowerCase(Locale.ROOT))) {
      String code = WindowsPredicates.text(scan, step);
      if (code != null && RESTARTS.matcher(code).find()) {
        return true;
      }
    }
    StringBuilder all = new StringBuilder();
    for (Word word : step.args()) {
      if (all.length() > LONGEST) {
        break;
      }
      all.append(' ').append(text(word));
    }
    return RESTARTS.matcher(all).find();
  }

  /** What restarts or powers off a machine, as a remote command or a management tool says it. */
  private static final Pattern RESTARTS =
      Pattern.compile(
          "(?i)(?:^|[\\s;&|'\"])(?:restart-computer|stop-computer|shutdown(?:\\.exe)?\\s+[/-][rsp]"
              + "|wmic\\s+os\\s+\\S+\\s+call\\s+(?:reboot|shutdown)|systemctl\\s+(?:reboot|poweroff|halt)"
              + "|reboot|poweroff|halt)(?=$|[\\s;&|'\"])"
              + "|\\bpower\\s+(?:off|cycle|reset|soft)\\b|\\bchassis\\s+power\\s+(?:off|cycle|reset)\\b"
              + "|\\bserveraction\\s+(?:powercycle|powerdown|hardreset|graceshutdown)\\b"
              + "|\\brpc\\s+shutdown\\b");

  /** What writes a file in inline code, its path among its first arguments. */
  private static final String[] WRITES_TABLE = {
    "to_csv(",
    "to_excel(",
    "to_parquet(",
    "to_hdf(",
    "savetxt(",
    "write_text(",
    "writeFileSync(",
    "open(",
    "File(",
    "imwrite(",
    "to_netcdf(",
    "write.csv(",
    "write.table(",
    "fwrite(",
    "write_csv(",
    "write_tsv("
  };

  /**
   * {@code df.to_csv('/project/lab/raw/run3.csv')} after a value changed: inline code that writes
   * over a file of a raw data folder.
   */
  private static boolean codeRewritesRawData(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null
        || code.length() > 64 * 1024
        || !CodeArguments.containsAny(code, WRITES_TABLE)) {
      return false;
    }
    for (String write : WRITES_TABLE) {
      int at = code.indexOf(write);
      while (at >= 0) {
        int end = Math.min(code.length(), at + write.length() + 300);
        String call = code.substring(at + write.length(), end);
        int close = call.indexOf(')');
        String args = close < 0 ? call : call.substring(0, close);
        boolean writes =
            !write.equals("open(") && !write.equals("File(")
                || args.matches("(?s).*['\"](?:[wa]b?\\+?|r\\+b?)['\"].*");
        if (writes && PatternLiterals.finds(RAW_DATA, args)) {
          return true;
        }
        at = code.indexOf(write, at + 1);
      }
    }
    return false;
  }

  /**
   * {@code source /project/lab/envs/shared/bin/activate && pip install …}, {@code conda activate
   * /apps/conda/envs/lab && conda install …}: a shared environment activated, then changed.
   */
  private static boolean activatedSharedEnv(Scan scan, Step step, Read read) {
    for (Step other : scan.steps()) {
      if (other == step) {
        return false; // only what came before
      }
      String program = other.program();
      List<Word> words = other.args();
      if ((program.equals("source") || program.equals(".")) && !words.isEmpty()) {
        String path = text(words.get(0));
        int bin = path.lastIndexOf("/bin/activate");
        if (bin > 0 && shared(scan, other, Word.literal(path.substring(0, bin)))) {
          return true;
        }
      }
      if ((program.equals("conda") || program.equals("mamba") || program.equals("micromamba"))
          && words.size() >= 2
          && text(words.get(0)).equals("activate")) {
        Word env = words.get(words.size() - 1);
        if (text(env).startsWith("/") && shared(scan, other, env)) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@code hsi "rm -R /home/lab/raw"}: HPSS's removal given as one quoted command. */
  private static boolean hsiRemoves(Step step) {
    for (Word word : step.args()) {
      String t = text(word).strip();
      if (t.matches("(?:rm|rmdir|delete|purge)\\s.*")
          || t.matches(".*;\\s*(?:rm|rmdir|delete)\\s.*")) {
        return true;
      }
    }
    return false;
  }

  /**
   * A licensed scientific code's source or installation, by the folders and archives its vendor
   * ships: {@code vasp.6.4.2}, {@code /opt/gaussian/g16}, {@code matlab/R2024a}, {@code
   * /opt/comsol62}.
   */
  private static final Pattern LICENSED_CODE =
      Pattern.compile(
          "(?i)(?:^|[/\\s=@])(?:vasp[._-]?\\d+\\.\\d+(?:\\.\\d+)?"
              + "|(?:/opt|/usr/local|/apps|/sw)/(?:gaussian|g16|g09|matlab|comsol\\w*|ansys\\w*|abaqus\\w*"
              + "|schrodinger\\w*|mathematica\\w*|wolfram\\w*|stata\\w*|lumerical\\w*|gurobi\\w*|molpro\\w*"
              + "|qchem\\w*|castep\\w*|turbomole\\w*|wien2k\\w*|vasp\\w*|crystal\\d\\d|amber\\d\\d)"
              + "|matlab[/_-]?R20\\d\\d[ab]|gaussian/g(?:16|09)|g(?:16|09)[._-]?[a-c]\\.?\\d\\d"
              + "|(?:comsol|ansys|abaqus)[._-]?\\d{2,4}|castep[._-]\\d+|molpro[._-]20\\d\\d"
              + "|amber(?:tools)?[._-]?2\\d|crystal(?:17|23))(?:[/._\\s-]|$)");

  /** The programs that send files somewhere else, whose destination decides. */
  private static final Set<String> SENDERS =
      NameSet.of(
          "rsync",
          "scp",
          "sftp",
          "rclone",
          "aws",
          "gsutil",
          "gcloud",
          "azcopy",
          "curl",
          "http",
          "huggingface-cli",
          "hf",
          "zenodo_upload",
          "gh",
          "glab",
          "git",
          "kaggle",
          "osf",
          "globus",
          "lftp",
          "s3cmd",
          "mc",
          "twine",
          "docker",
          "podman");

  /** A remote written as scp and rsync write one: {@code host:path}, {@code user@host:path}. */
  private static final Pattern REMOTE_SPEC = Pattern.compile("[\\w.@-]{2,}:.*");

  /**
   * {@code rsync -av /opt/matlab/R2024a/ mirror.example.org:/srv/www/}, {@code huggingface-cli
   * upload acme/x ~/src/vasp.6.4.2}, {@code git push} from {@code ~/src/vasp.6.4.2}: a licensed
   * code's source or installation sent to another place than this machine.
   */
  private static boolean sendsLicensedCode(Scan scan, Step step, Read read) {
    String program = step.program();
    if (!SENDERS.contains(program) || program.equals("git") && !has(step, "push")) {
      return false; // most programs, and a git that does not push: read no word
    }
    // Whether the program sends whatever it is given; another sends only to a remote it names.
    boolean remote =
        switch (program) {
          case "git", "gh", "glab" -> true; // a push; repo create --source, release upload
          case "huggingface-cli", "hf", "zenodo_upload", "kaggle", "osf", "twine" -> true;
          default -> false;
        };
    boolean licensed = false;
    for (Word word : step.args()) {
      String t = text(word);
      if (t.length() > 1024) {
        continue;
      }
      licensed = licensed || PatternLiterals.finds(LICENSED_CODE, t);
      remote =
          remote
              || t.contains("://")
              || t.startsWith("@")
              || PatternLiterals.matches(REMOTE_SPEC, t);
      if (licensed && remote) {
        return true;
      }
    }
    if (!remote) {
      return false;
    }
    for (java.nio.file.Path cwd : step.cwds()) {
      if (cwd != null && PatternLiterals.finds(LICENSED_CODE, cwd.toString())) {
        return true;
      }
    }
    return licensed;
  }
}
