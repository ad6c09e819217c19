package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code clinical} rules ask (issue 80 round 6, decision 107): a live clinical
 * interface reached from the command line or from inline code. An HL7 v2 message sent over MLLP
 * ({@code mllp_send}, a netcat or socat stream framed {@code \x0b…\x1c\r}, python-hl7's {@code
 * MLLPClient}, hl7apy), a DICOM association that stores or retrieves images ({@code storescu},
 * {@code dcmsend}, {@code movescu}, pynetdicom's {@code send_c_store}), images changed where they
 * are kept ({@code dcmodify} outside the project and the temporary folders), a FHIR server's {@code
 * $expunge} or a break-the-glass header, a write to a FHIR server or to an e-prescribing or order
 * gateway, an interface engine's channels stopped, a delete sent to a PACS, a FHIR server or an
 * EHR's tool. What is on this machine, or on a host named for staging or test, is the person's own
 * test system and none of these.
 */
final class ClinicalPredicates {
  private ClinicalPredicates() {}

  /** The most text of a command or of inline code read. */
  private static final int MAX_TEXT = 32 * 1024;

  /** The command-line senders of HL7 over MLLP (python-hl7's {@code mllp_send} and its kin). */
  private static final Set<String> MLLP_SENDERS =
      Set.of(
          "mllp_send",
          "mllp-send",
          "mllpsend",
          "hl7send",
          "hl7-send",
          "hl7_send",
          "send-hl7",
          "send_hl7",
          "hl7snd",
          "hl7-client",
          "hl7client");

  /** The options of those senders that take a value (a port, a file, a timeout). */
  private static final Set<String> MLLP_VALUES =
      Set.of("-p", "--port", "-f", "--file", "-t", "--timeout", "-e", "--encoding");

  /** An HL7 message or its MLLP framing in a command: the start block, the end block, MSH. */
  private static final Pattern MLLP_FRAMED =
      Pattern.compile(
          "(?i)\\\\x0b|\\\\013|\\\\x1c|\\\\034|\\\\u000b|MSH\\||\\.hl7\\b|\\.mllp\\b|mllp");

  /** A file of HL7 messages handed a request as its body: {@code @oru.hl7}, {@code -T adt.er7}. */
  private static final Pattern HL7_FILE =
      Pattern.compile("(?i)^(?:[\\w-]{0,20}=)?@?[^\\s]{0,300}\\.(?:hl7|er7|mllp)$");

  /**
   * A script's name that says it sends HL7: {@code send_hl7.py}, {@code mllp_push.js}, {@code
   * send_adt.sh}.
   */
  private static final Pattern HL7_SCRIPT =
      Pattern.compile(
          "(?i)(?:send|push|post|inject|replay|transmit|submit|forward)[\\w-]{0,30}(?:hl7|mllp|adt|oru|orm"
              + "|vxu|dft|siu|mdm)|(?:hl7|mllp|adt|oru|orm|vxu)[\\w-]{0,30}(?:send|push|post|inject|replay"
              + "|transmit|submit|forward|sender|client)");

  /** A script's name that says it sends DICOM: {@code send_dicom.py}, {@code push_to_pacs.sh}. */
  private static final Pattern DICOM_SCRIPT =
      Pattern.compile(
          "(?i)(?:send|push|upload|store|forward|transfer|export)[\\w-]{0,30}(?:dicom|dcm|pacs|studies"
              + "|imaging)|(?:dicom|dcm|pacs)[\\w-]{0,30}(?:send|push|upload|store|forward|sender)");

  /** The options that name a peer host. */
  private static final Set<String> HOST_OPTIONS =
      Set.of(
          "--host",
          "-H",
          "--server",
          "--to",
          "--dest",
          "--destination",
          "--peer",
          "--remote",
          "--addr",
          "--address",
          "--endpoint",
          "--url",
          "--target",
          "--pacs",
          "--engine");

  /** A socat address that connects out: {@code TCP:host:port}, {@code OPENSSL:host:port}. */
  private static final Pattern SOCAT_PEER =
      Pattern.compile("(?i)^(?:tcp[46]?|tcp-connect|openssl|openssl-connect|ssl):([^:,]{1,253})");

  /** An HL7 or DICOM network client in inline code. */
  private static final Pattern CODE_HL7 =
      Pattern.compile(
          "MLLPClient|hl7\\.client|hl7apy\\.mllp|mllp|Hl7Client|HL7Client|SimpleHL7"
              + "|node-hl7|hl7-client");

  /** A raw socket in code, which MLLP framing makes an HL7 client. */
  private static final Pattern RAW_SOCKET =
      Pattern.compile("socket|net\\.connect|createConnection|TCPSocket|fsockopen|IO::Socket");

  /** A DICOM network client in inline code that stores or retrieves. */
  private static final Pattern CODE_DICOM =
      Pattern.compile(
          "send_c_store|send_c_move|send_c_get|StoreSCU|dicom-dimse|dcmjs-dimse|storescu");

  /** A quoted host in code: a name with a dot, or an address. */
  private static final Pattern CODE_HOST =
      Pattern.compile("['\"]([A-Za-z0-9][A-Za-z0-9-]{0,62}(?:\\.[A-Za-z0-9-]{1,63}){1,8})['\"]");

  /** The endings of files named in code, not hosts. */
  private static final Pattern FILE_END =
      Pattern.compile(
          "(?i).*\\.(?:hl7|er7|mllp|dcm|txt|csv|json|xml|py|js|log|dat|yaml|yml|ini|cfg|pem|key|crt"
              + "|zip|gz|tar|ndjson|jsonl|parquet|tsv|xlsx?|pdf|png|jpe?g|nii|html?)$");

  /** The command-line DICOM senders (C-STORE): dcmtk's, dcm4che's, gdcm's. */
  private static final Set<String> DICOM_STORES =
      Set.of("storescu", "dcmsend", "dcmsnd", "storescu.py", "dcm4che-storescu", "stgcmtscu");

  /** The command-line DICOM retrievers (C-MOVE, C-GET). */
  private static final Set<String> DICOM_RETRIEVES =
      Set.of("movescu", "getscu", "dcmqr", "movescu.py", "getscu.py", "dcm4che-movescu");

  /** An Orthanc server told to send its images on to a modality or a peer. */
  private static final Pattern ORTHANC_FORWARD =
      Pattern.compile("/(?:modalities|peers)/[^/\\s'\"]{1,64}/(store|move)\\b");

  /** An absolute path in a command: the folders a find hands its {@code -exec} program. */
  private static final Pattern ABSOLUTE = Pattern.compile("(?<![\\w\"'=])(/[\\w.\\-/]{1,300})");

  /** A dcm4che peer: {@code AET@host:port}. */
  private static final Pattern AE_AT_HOST = Pattern.compile("^[^@\\s]{1,64}@([^:\\s]{1,253}):\\d+");

  /** An IPv4 address or a name with a dot that is no file's name. */
  private static final Pattern HOST_LIKE =
      Pattern.compile("(?i)^(?:localhost|[a-z0-9][a-z0-9-]{0,62}(?:\\.[a-z0-9-]{1,63}){1,8})$");

  /** FHIR's operation that erases for good, and break-the-glass access. */
  private static final Pattern EXPUNGE_OR_GLASS =
      Pattern.compile(
          "(?i)\\$expunge|%24expunge|expungeEverything|break[-_ ]?(?:the[-_ ]?)?glass|\\bx-[\\w-]{0,20}btg\\b|[?&_]btg=|\\bbtg[-_ ]?reason"
              + "|emergency[-_]access[-_]reason");

  /** A URL's host or path that says it is a clinical system's. */
  private static final Pattern CLINICAL_URL =
      Pattern.compile(
          "(?i)(?:^|[./-])(?:pacs|orthanc|dicom-?web|dcm4chee|wado|qido|stow|fhir|ehr|emr|epic|cerner"
              + "|his|ris|lis|clinical)(?:[./:-]|$)|/(?:studies|series|instances|patients)(?:/|$)"
              + "|/(?:Patient|Observation|Encounter|Condition|MedicationRequest|DiagnosticReport"
              + "|ImagingStudy|DocumentReference|AllergyIntolerance)(?:/|$|\\?)");

  /** An e-prescribing or order gateway's URL. */
  private static final Pattern ERX_URL =
      Pattern.compile(
          "(?i)(?:^|[./-])(?:e-?rx|eprescri\\w{0,10}|e-prescri\\w{0,10}|surescripts|dosespot|drfirst"
              + "|rcopia|ncpdp|epcs|pharmacy)(?:[./:-]|$)|/prescriptions?(?:/|$)|newrx|/rx/(?:send|new)"
              + "|/lab-?orders?(?:/|$)|/orders?/(?:send|submit|transmit)"
              + "|/(?:MedicationRequest|ServiceRequest|MedicationOrder)(?:/|$|\\?)");

  /** An HTTP request that writes: a method, a body, a form, a library call. */
  private static final Pattern WRITES =
      Pattern.compile(
          "(?i)-X\\s{0,3}['\"]?(?:POST|PUT|PATCH)|--request\\s{0,3}['\"]?(?:POST|PUT|PATCH)"
              + "|\\s(?:-d|--data\\S{0,8}|-F|--form|--json|-T|--upload-file)[\\s=]"
              + "|\\b(?:requests|httpx|session|client|axios)\\.(?:post|put|patch)\\b"
              + "|method\\s{0,3}[:=]\\s{0,3}['\"](?:POST|PUT|PATCH)|\\bhttps?\\s+(?:POST|PUT|PATCH)\\b");

  /** An HTTP request that deletes. */
  private static final Pattern DELETES =
      Pattern.compile(
          "(?i)-X\\s{0,3}['\"]?DELETE|--request\\s{0,3}['\"]?DELETE|\\b(?:requests|httpx|session"
              + "|client|axios)\\.delete\\b|method\\s{0,3}[:=]\\s{0,3}['\"]DELETE|\\bhttps?\\s+DELETE\\b");

  /** The public test servers of FHIR and SMART, anybody's sandbox with no real patient. */
  private static final Set<String> PUBLIC_TEST_SERVERS =
      Set.of(
          "hapi.fhir.org",
          "server.fire.ly",
          "r4.smarthealthit.org",
          "launch.smarthealthit.org",
          "r3.smarthealthit.org",
          "test.fhir.org",
          "vonk.fire.ly",
          "fhir.sandboxcerner.com");

  /** The programs that send an HTTP request. */
  private static final Set<String> REQUESTERS =
      Set.of("curl", "wget", "http", "https", "xh", "httpie", "curlie");

  /** What stops an interface engine's channels or drops its queues (Mirth, Cloverleaf). */
  private static final Pattern ENGINE_STOPS =
      Pattern.compile(
          "(?i)\\b(?:channel\\s{1,5}(?:stop|halt|pause|undeploy|remove|disable)|undeploy|clearallmessages"
              + "|clearmessages|removeallmessages|resetstats)\\b|/api/channels[^\\s'\"]{0,200}"
              + "(?:_stop|_halt|_pause|_undeploy|/messages|_removeAllMessages)");

  /** The words of a tool's name that say it is a clinical system's. */
  private static final Set<String> CLINICAL_TOOL_PARTS =
      Set.of(
          "pacs",
          "orthanc",
          "dicom",
          "dicomweb",
          "fhir",
          "ehr",
          "emr",
          "epic",
          "cerner",
          "clinical",
          "clinicaldb",
          "patient",
          "patients",
          "mirth",
          "hl7",
          "lis",
          "ris",
          "his",
          "dcm4chee");

  /** The verbs of a tool's name that destroy. */
  private static final Set<String> DESTROYING_PARTS =
      Set.of(
          "delete", "purge", "expunge", "remove", "drop", "destroy", "erase", "wipe", "truncate");

  /** SQL that rewrites or deletes the legal medical record: its clinical tables, signed rows. */
  private static final Pattern RECORD_REWRITTEN =
      Pattern.compile(
          "(?is)\\b(?:update|delete\\s{1,5}from)\\s{1,5}[\\w.\"`\\[\\]]{0,64}?(?:clinical_\\w{0,30}"
              + "|\\w{0,20}_notes|observations?|lab_results?|allerg\\w{0,10}|medications?|prescriptions?"
              + "|diagnos[ei]s|problem_list|encounters?|vitals|immunizations?|medical_records?"
              + "|charts?|discharge\\w{0,20}|radiology_\\w{0,20}|pathology_\\w{0,20}|phi_\\w{0,30}"
              + "|patients?|mar_\\w{0,20})\\b|\\b(?:update|delete\\s{1,5}from)\\b[^;]{0,400}?\\b(?:signed_at"
              + "|signed\\s{0,3}=|is_signed|finali[sz]ed|attested|verified_at)\\b");

  /** SQL that turns patients' consent on for them: an opt-in set, a consent granted in bulk. */
  private static final Pattern CONSENT_SET =
      Pattern.compile(
          "(?is)\\bupdate\\s{1,5}[\\w.\"`]{0,64}\\s{1,5}set\\b[^;]{0,300}?[\\w\"]{0,40}(?:consent|opt_?in"
              + "|optin|share|sharing|authori[sz])[\\w\"]{0,40}\\s{0,3}=\\s{0,3}(?:true|1|'y(?:es)?'"
              + "|'granted'|'opt_?in'|'active'|'permit\\w{0,5}'|'allow\\w{0,5}')");

  /** The SQL clients whose command's SQL the record rules read. */
  private static final Set<String> SQL_CLIENTS =
      Set.of(
          "psql",
          "mysql",
          "mariadb",
          "sqlcmd",
          "sqlplus",
          "cockroach",
          "clickhouse-client",
          "bq",
          "snowsql",
          "usql",
          "pgcli",
          "mycli",
          "isql",
          "db2",
          "duckdb");

  /** Code that runs SQL on a database. */
  private static final Pattern CODE_RUNS_SQL =
      Pattern.compile("(?i)\\.execute\\(|create_engine|connect\\(|\\.query\\(|cursor\\(");

  /** A database of this machine's or a test's, named in code. */
  private static final Pattern CODE_LOCAL_DB =
      Pattern.compile("(?i)localhost|127\\.0\\.0\\.1|sqlite|:memory:|_dev\\b|_test\\b|\\btest_");

  /** A job that messages people, by its name or an option. */
  private static final Pattern MESSAGES =
      Pattern.compile(
          "(?i)send|notif|remind|sms|text|email|mail|blast|campaign|broadcast|message|push");

  /** An option that addresses every patient, member or user. */
  private static final Pattern EVERYONE =
      Pattern.compile(
          "(?i)^--(?:all(?:[-_](?:patients|members|users|recipients|customers|contacts|subscribers))?"
              + "|everyone|broadcast)(?:=(?:true|1|yes))?$");

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("fhir-expunge-or-break-glass", ClinicalPredicates::expungeOrGlass);
    named.put("clinical-system-delete", ClinicalPredicates::clinicalDelete);
    named.put("clinical-tool-sends", ClinicalPredicates::toolSends);
    named.put("tool-rewrites-clinical-record", scan -> toolSql(scan, RECORD_REWRITTEN));
    named.put("tool-sets-consent", scan -> toolSql(scan, CONSENT_SET));
  }

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("hl7-sent-elsewhere", (scan, step, read) -> hl7Sent(scan, step));
    named.put("code-sends-hl7", (scan, step, read) -> codeReaches(step, CODE_HL7));
    named.put("code-sends-dicom", (scan, step, read) -> codeReaches(step, CODE_DICOM));
    named.put("dicom-stored-elsewhere", (scan, step, read) -> dicomElsewhere(step, DICOM_STORES));
    named.put(
        "dicom-retrieved-elsewhere", (scan, step, read) -> dicomElsewhere(step, DICOM_RETRIEVES));
    named.put("dicom-modified-in-place", ClinicalPredicates::modifiedInPlace);
    named.put("clinical-record-written", (scan, step, read) -> written(scan, step, CLINICAL_URL));
    named.put("prescription-or-order-sent", (scan, step, read) -> written(scan, step, ERX_URL));
    named.put("interface-engine-stopped", (scan, step, read) -> engineStopped(scan, step));
    named.put(
        "sql-rewrites-clinical-record", (scan, step, read) -> sql(scan, step, RECORD_REWRITTEN));
    named.put("sql-sets-consent", (scan, step, read) -> sql(scan, step, CONSENT_SET));
    named.put("messages-every-patient", (scan, step, read) -> messagesEveryone(scan, step));
  }

  // --- the record and consent, in SQL
  // -------------------------------------------------------------

  /**
   * Whether a SQL client or inline code runs SQL of this kind on a database not local test data.
   */
  private static boolean sql(Scan scan, Step step, Pattern kind) {
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      if (code == null) {
        return false;
      }
      code = code.length() > MAX_TEXT ? code.substring(0, MAX_TEXT) : code;
      return CODE_RUNS_SQL.matcher(code).find()
          && !CODE_LOCAL_DB.matcher(code).find()
          && kind.matcher(code).find();
    }
    if (!SQL_CLIENTS.contains(step.program()) || Environments.localTestData(scan, step)) {
      return false;
    }
    String text = bounded(scan.source());
    return text != null && kind.matcher(text).find();
  }

  /** Whether a database tool's call runs SQL of this kind. */
  private static String toolSql(Scan scan, Pattern kind) {
    if (scan.source() != null || scan.call().args() == null) {
      return null;
    }
    for (String field : List.of("sql", "query", "statement", "command")) {
      String text = scan.call().args().path(field).asText("");
      if (!text.isEmpty()) {
        Matcher found = kind.matcher(bounded(text));
        if (found.find()) {
          return found.group();
        }
      }
    }
    return null;
  }

  /**
   * Whether a job run in production messages every patient at once: a script whose name or options
   * say it sends (a reminder, an SMS, a mail) given {@code --all-patients} or its kin, with no dry
   * run.
   */
  private static boolean messagesEveryone(Scan scan, Step step) {
    boolean everyone = false;
    boolean sends = MESSAGES.matcher(step.program()).find();
    for (Word word : step.args()) {
      String text = word.text();
      if (text.equals("--dry-run")
          || text.equals("-n")
          || text.equals("--preview")
          || text.equals("--dryrun")) {
        return false;
      }
      everyone |= EVERYONE.matcher(text).matches();
      sends |= text.length() < 200 && MESSAGES.matcher(text).find();
    }
    return everyone && sends && Environments.production(scan, step);
  }

  // --- HL7 over MLLP ---------------------------------------------------------------------------

  private static boolean hl7Sent(Scan scan, Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (step.interpreter() || program.equals("bash") || program.equals("sh")) {
      return scriptSends(step, HL7_SCRIPT);
    }
    if (MLLP_SENDERS.contains(program)
        || program.equals("hl7") && !args.isEmpty() && args.get(0).text().equals("send")) {
      List<String> hosts = new ArrayList<>();
      boolean computed = false;
      for (int i = program.equals("hl7") ? 1 : 0; i < args.size(); i++) {
        Word word = args.get(i);
        String text = word.text();
        if (MLLP_VALUES.contains(text)) {
          i++;
          continue;
        }
        if (text.startsWith("-") || FILE_END.matcher(text).matches() || text.contains("/")) {
          continue;
        }
        if (!word.literal()) {
          computed = true; // a host the command computes ($(echo … | base64 -d), $HOST)
        } else if (!text.chars().allMatch(Character::isDigit)) {
          hosts.add(text);
        }
      }
      return computed || elsewhere(hosts);
    }
    if (REQUESTERS.contains(program)) {
      // HL7 over HTTP: an interface engine's HTTP listener handed a message file or MSH text
      boolean message = false;
      for (Word word : args) {
        String text = word.text();
        message |= text.contains("MSH|") || HL7_FILE.matcher(text).matches();
      }
      return message && !remoteUrls(step).isEmpty();
    }
    if (!Set.of("nc", "ncat", "netcat", "socat", "telnet").contains(program)) {
      return false;
    }
    String source = bounded(scan.source());
    if (source == null || !MLLP_FRAMED.matcher(source).find()) {
      return false;
    }
    List<String> hosts = new ArrayList<>();
    for (Word word : args) {
      String text = word.text();
      if (program.equals("socat")) {
        Matcher peer = SOCAT_PEER.matcher(text);
        if (peer.find()) {
          hosts.add(peer.group(1));
        }
      } else if (!text.startsWith("-") && !text.chars().allMatch(Character::isDigit)) {
        hosts.add(text);
      }
    }
    return elsewhere(hosts);
  }

  /**
   * Whether a script whose name says it sends messages or images of this kind ({@code send_hl7.py},
   * {@code push_to_pacs.sh}) is handed a host that is not this machine's nor a test one ({@code
   * --host hl7.acme.org}, {@code ifc:6661}, a URL).
   */
  private static boolean scriptSends(Step step, Pattern kind) {
    List<Word> args = step.args();
    String script = null;
    for (Word word : args) {
      String text = word.text();
      if (!text.startsWith("-")) {
        script = text;
        break;
      }
    }
    if (script == null || script.length() > 300 || !kind.matcher(script).find()) {
      return false;
    }
    List<String> hosts = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int equals = text.indexOf('=');
      String option = equals > 0 ? text.substring(0, equals) : text;
      String value =
          equals > 0
              ? text.substring(equals + 1)
              : i + 1 < args.size() ? args.get(i + 1).text() : "";
      if (HOST_OPTIONS.contains(option)) {
        if (equals < 0 && i + 1 < args.size() && !args.get(i + 1).literal()) {
          return true; // a host the command computes
        }
        hosts.add(value.contains("://") ? String.valueOf(Hosts.of(value)) : value.split(":")[0]);
      } else if (text.contains("://")) {
        String host = Hosts.of(text);
        if (host != null) {
          hosts.add(host);
        }
      }
    }
    return elsewhere(hosts);
  }

  /** Whether a host of these is neither this machine nor named for staging or test. */
  private static boolean elsewhere(List<String> hosts) {
    for (String host : hosts) {
      String h = host.toLowerCase(Locale.ROOT);
      if (!Hosts.loopback(h) && !Environments.localHost(h) && !Environments.stagingHost(h)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether inline code opens an HL7 or DICOM network client to a host not this machine's: one it
   * names, or none named on this machine (a host from the environment is anybody's).
   */
  private static boolean codeReaches(Step step, Pattern client) {
    String code = InterpreterCode.of(step);
    if (code == null) {
      return false;
    }
    code = code.length() > MAX_TEXT ? code.substring(0, MAX_TEXT) : code;
    if (!client.matcher(code).find()
        && !(client == CODE_HL7
            && MLLP_FRAMED.matcher(code).find()
            && RAW_SOCKET.matcher(code).find())) {
      return false;
    }
    List<String> hosts = new ArrayList<>();
    Matcher host = CODE_HOST.matcher(code);
    while (host.find()) {
      String name = host.group(1);
      if (!FILE_END.matcher(name).matches() && !name.matches("(?i)[a-z_]+\\.[a-z_]+")) {
        hosts.add(name);
      } else if (name.matches("(?i)[a-z-]+(?:\\.[a-z-]+){2,}")
          && !FILE_END.matcher(name).matches()) {
        hosts.add(name); // lab-ifc.acme.org: three labels are a host, not a module's attribute
      }
    }
    for (String local : List.of("localhost", "127.0.0.1", "'::1'")) {
      if (code.contains(local)) {
        hosts.add("localhost");
      }
    }
    if (hosts.isEmpty()) {
      // A client made with no host this code names: from the environment or an argument,
      // anybody's (fail closed); a parse alone (hl7.parse) is no client.
      return code.contains("MLLPClient(")
          || code.contains("send_c_store")
          || code.contains("send_c_move")
          || code.contains("send_c_get");
    }
    return elsewhere(hosts);
  }

  // --- DICOM ---------------------------------------------------------------------------------

  private static boolean dicomElsewhere(Step step, Set<String> programs) {
    String program = step.program();
    List<Word> args = step.args();
    int from = 0;
    if (REQUESTERS.contains(program)) {
      // Orthanc told to send on: POST /modalities/{name}/store (or /move), /peers/{name}/store
      String text = commandOf(step);
      Matcher forward = ORTHANC_FORWARD.matcher(text);
      while (forward.find()) {
        boolean store = forward.group(1).equals("store");
        if (store == programs.contains("storescu")) {
          return true;
        }
      }
      return false;
    }
    if (program.equals("gdcmscu")) {
      boolean store = false;
      boolean retrieve = false;
      for (Word word : args) {
        store |= word.text().equals("--store");
        retrieve |= word.text().equals("--move") || word.text().equals("--get");
      }
      if (!(programs.contains("storescu") ? store : retrieve)) {
        return false;
      }
    } else if (step.interpreter()) {
      // python -m pynetdicom storescu host port file
      int module = -1;
      for (int i = 0; i + 2 < args.size(); i++) {
        if (args.get(i).text().equals("-m") && args.get(i + 1).text().equals("pynetdicom")) {
          module = i + 2;
          break;
        }
      }
      if (module < 0) {
        return programs.contains("storescu") && scriptSends(step, DICOM_SCRIPT);
      }
      if (!programs.contains(args.get(module).text())) {
        return false;
      }
      from = module + 1;
    } else if (!programs.contains(program)) {
      return false;
    }
    List<String> hosts = new ArrayList<>();
    for (int i = from; i < args.size(); i++) {
      String text = args.get(i).text();
      Matcher at = AE_AT_HOST.matcher(text);
      if (at.find()) {
        hosts.add(at.group(1));
        continue;
      }
      if (text.startsWith("-") || text.startsWith("+")) {
        continue;
      }
      boolean portNext =
          i + 1 < args.size()
              && args.get(i + 1).text().matches("\\d{1,5}")
              && i > from
              && !args.get(i - 1)
                  .text()
                  .matches("(?i)-{1,2}(?:port|aet|aec|aem|od|k|key|to|pm)\\S*");
      boolean portNextFirst =
          i == from && i + 1 < args.size() && args.get(i + 1).text().matches("\\d{1,5}");
      if ((portNext || portNextFirst) && !text.matches("\\d+")) {
        if (!args.get(i).literal()) {
          return true; // a peer the command computes
        }
        hosts.add(text);
      }
    }
    return elsewhere(hosts);
  }

  /**
   * Whether {@code dcmodify} (or gdcm's anonymiser) changes images in place outside the project and
   * the temporary folders: an archive's originals. Run by {@code find -exec … {} +}, the folders
   * the command names are its files.
   */
  private static boolean modifiedInPlace(Scan scan, Step step, Where.Read read) {
    List<String> paths = new ArrayList<>();
    boolean fromFind = false;
    for (Word word : step.args()) {
      String text = word.text();
      if (text.equals("{}") || text.equals("{}+")) {
        fromFind = true;
      } else if (!text.startsWith("-")
          && !text.startsWith("+")
          && !text.contains("=")
          && !text.startsWith("(")) {
        paths.add(text);
      }
    }
    if (fromFind || paths.isEmpty()) { // find … -exec dcmodify {} +, find … | xargs dcmodify
      String source = bounded(scan.source());
      if (source != null) {
        Matcher absolute = ABSOLUTE.matcher(source);
        while (absolute.find()) {
          paths.add(absolute.group(1));
        }
      }
    }
    Path project = scan.places().project();
    Path home = scan.places().home();
    for (String path : paths) {
      String p = path.toLowerCase(Locale.ROOT);
      if (p.matches("(?:.*/)?(?:archive|pacs|originals?|vna)(?:/.*)?")) {
        return true;
      }
      if (p.startsWith("/")
          && !p.startsWith("/tmp/")
          && !p.startsWith("/var/tmp/")
          && !p.startsWith("/dev/shm/")
          && (project == null || !p.startsWith(project.toString() + "/"))
          && (home == null || !p.startsWith(home.toString() + "/"))) {
        return true;
      }
    }
    return false;
  }

  // --- HTTP to clinical systems -----------------------------------------------------------------

  /** The URLs a program names that are not this machine's, nor a test endpoint's. */
  private static List<String> remoteUrls(Step step) {
    List<String> urls = new ArrayList<>();
    String code = step.interpreter() ? InterpreterCode.of(step) : null;
    List<String> texts = new ArrayList<>();
    if (code != null) {
      texts.add(code.length() > MAX_TEXT ? code.substring(0, MAX_TEXT) : code);
    } else if (REQUESTERS.contains(step.program())) {
      for (Word word : step.args()) {
        texts.add(word.text());
      }
    } else {
      return urls;
    }
    for (String text : texts) {
      Matcher url = Hosts.URL.matcher(text);
      while (url.find()) {
        String host = Hosts.of(url.group());
        if (host != null
            && !Hosts.loopback(host)
            && !Environments.localHost(host)
            && !Environments.stagingHost(host)
            && !TestEndpoints.names(url.group())
            && !PUBLIC_TEST_SERVERS.contains(host)) {
          urls.add(url.group());
        }
      }
    }
    return urls;
  }

  /** Whether a request writes to a URL of this kind, not this machine's nor a test's. */
  private static boolean written(Scan scan, Step step, Pattern kind) {
    List<String> urls = remoteUrls(step);
    if (urls.isEmpty()) {
      return false;
    }
    boolean ofKind = false;
    for (String url : urls) {
      ofKind |= kind.matcher(url).find();
    }
    if (!ofKind) {
      return false;
    }
    String text = step.interpreter() ? InterpreterCode.of(step) : commandOf(step);
    return text != null && WRITES.matcher(" " + text).find();
  }

  /** A program's words joined, each as the command wrote it where it did. */
  private static String commandOf(Step step) {
    StringBuilder text = new StringBuilder(step.program());
    for (Word word : step.args()) {
      text.append(' ').append(word.written() != null ? word.written() : word.text());
      if (text.length() > MAX_TEXT) {
        break;
      }
    }
    return text.toString();
  }

  private static boolean engineStopped(Scan scan, Step step) {
    String program = step.program();
    if (program.equals("mccommand") || program.equals("mirth-cli")) {
      String source = bounded(scan.source());
      if (source == null || !ENGINE_STOPS.matcher(source).find()) {
        return false;
      }
      List<Word> args = step.args();
      for (int i = 0; i + 1 < args.size(); i++) {
        if (args.get(i).text().equals("-a") || args.get(i).text().equals("--address")) {
          String host = Hosts.of(args.get(i + 1).text());
          return host == null || elsewhere(List.of(host));
        }
      }
      return false; // mccommand's own default: this machine's engine
    }
    if (program.equals("hcienginestop") || program.equals("hcisitectl")) {
      return true; // Cloverleaf's engine on the host it runs on: the site's interfaces
    }
    if (!REQUESTERS.contains(program) && !step.interpreter()) {
      return false;
    }
    for (String url : remoteUrls(step)) {
      if (ENGINE_STOPS.matcher(url).find()) {
        return true;
      }
    }
    return false;
  }

  /** Whether the call erases from a FHIR server for good or asks for break-the-glass access. */
  private static String expungeOrGlass(Scan scan) {
    String text = callText(scan);
    if (text == null) {
      return null;
    }
    Matcher found = EXPUNGE_OR_GLASS.matcher(text);
    if (!found.find()) {
      return null;
    }
    String host = Hosts.firstElsewhere(text);
    if (host == null || Environments.localHost(host) || Environments.stagingHost(host)) {
      return null; // the local HAPI's $expunge, a test server's
    }
    String tool = scan.call().tool();
    if (scan.source() != null
        ? !requests(scan)
        : tool == null || !OutRules.WEB_TOOLS.contains(tool)) {
      return null; // grep -r break_glass src/: words about it, no request
    }
    return found.group() + " at " + host;
  }

  /** Whether a server's tool sends HL7 or DICOM (its name), to no host of this machine's. */
  private static String toolSends(Scan scan) {
    CallForRules call = scan.call();
    if (scan.source() != null || call.tool() == null) {
      return null;
    }
    String tool = call.tool().toLowerCase(Locale.ROOT);
    boolean clinical = false;
    boolean sends = false;
    for (String part : tool.split("[^a-z0-9]+")) {
      clinical |=
          Set.of("hl7", "mllp", "dicom", "pacs", "orthanc", "dimse", "mirth").contains(part);
      sends |=
          Set.of("send", "store", "push", "transmit", "inject", "forward", "cstore", "move")
              .contains(part);
    }
    if (!clinical || !sends) {
      return null;
    }
    String args = call.args() == null ? "" : bounded(call.args().toString());
    if (Hosts.onlyLoopback(args)
        || args.contains("\"localhost\"")
        || args.contains("\"127.0.0.1\"")) {
      return null; // the local test engine or PACS
    }
    return call.tool();
  }

  /** Whether the call sends a delete to a clinical system, or is a clinical tool that destroys. */
  private static String clinicalDelete(Scan scan) {
    CallForRules call = scan.call();
    if (scan.source() == null && call.tool() != null) {
      String tool = call.tool().toLowerCase(Locale.ROOT);
      boolean clinical = false;
      boolean destroys = false;
      for (String part : tool.split("[^a-z0-9]+")) {
        clinical |= CLINICAL_TOOL_PARTS.contains(part);
        destroys |= DESTROYING_PARTS.contains(part);
      }
      if (clinical && destroys) {
        return call.tool();
      }
      return null;
    }
    for (Step step : scan.steps()) {
      if (!REQUESTERS.contains(step.program()) && !step.interpreter()) {
        continue;
      }
      String text = step.interpreter() ? InterpreterCode.of(step) : commandOf(step);
      if (text == null || !DELETES.matcher(" " + text).find()) {
        continue;
      }
      for (String url : remoteUrls(step)) {
        if (CLINICAL_URL.matcher(url).find()) {
          return "DELETE " + url;
        }
      }
    }
    return null;
  }

  /** Whether a program of the call sends a request. */
  private static boolean requests(Scan scan) {
    for (Step step : scan.steps()) {
      if (REQUESTERS.contains(step.program())
          || step.interpreter() && InterpreterCode.of(step) != null) {
        return true;
      }
    }
    return false;
  }

  /** The command, or a fetching tool's URL and headers, bounded. */
  private static String callText(Scan scan) {
    if (scan.source() != null) {
      return bounded(scan.source());
    }
    JsonNode args = scan.call().args();
    if (args == null) {
      return null;
    }
    String text = args.toString();
    return bounded(text);
  }

  private static String bounded(String text) {
    if (text == null) {
      return null;
    }
    return text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
  }
}
