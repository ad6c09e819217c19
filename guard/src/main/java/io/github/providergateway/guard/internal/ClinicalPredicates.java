package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
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
  static final int MAX_TEXT = 32 * 1024;

  /** The command-line senders of HL7 over MLLP (python-hl7's {@code mllp_send} and its kin). */
  private static final Set<String> MLLP_SENDERS =
      NameSet.of(
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
      NameSet.of("-p", "--port", "-f", "--file", "-t", "--timeout", "-e", "--encoding");

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

  /** The options that name a peer host. */
  private static final Set<String> HOST_OPTIONS =
      NameSet.of(
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

  /** A quoted host in code: a name with a dot, or an address. */
  private static final Pattern CODE_HOST =
      Pattern.compile("['\"]([A-Za-z0-9][A-Za-z0-9-]{0,62}(?:\\.[A-Za-z0-9-]{1,63}){1,8})['\"]");

  /** The endings of files named in code, not hosts. */
  private static final Pattern FILE_END =
      Pattern.compile(
          "(?i).*\\.(?:hl7|er7|mllp|dcm|txt|csv|json|xml|py|js|log|dat|yaml|yml|ini|cfg|pem|key|crt"
              + "|zip|gz|tar|ndjson|jsonl|parquet|tsv|xlsx?|pdf|png|jpe?g|nii|html?)$");

  /** The public test servers of FHIR and SMART, anybody's sandbox with no real patient. */
  private static final Set<String> PUBLIC_TEST_SERVERS =
      NameSet.of(
          "hapi.fhir.org",
          "server.fire.ly",
          "r4.smarthealthit.org",
          "launch.smarthealthit.org",
          "bulk-data.smarthealthit.org",
          "r3.smarthealthit.org",
          "test.fhir.org",
          "vonk.fire.ly",
          "fhir.sandboxcerner.com");

  /** The programs that send an HTTP request. */
  static final Set<String> REQUESTERS =
      NameSet.of("curl", "wget", "http", "https", "xh", "httpie", "curlie");

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put(
        "fhir-expunge-or-break-glass",
        ClinicalRequests.EXPUNGED.around(ClinicalRequests::expungeOrGlass));
    named.put("clinical-system-delete", ClinicalRequests::clinicalDelete);
    named.put("clinical-tool-sends", ClinicalRequests::toolSends);
    named.put("prescribing-tool-sends", ClinicalRequests::toolPrescribes);
    named.put("dicom-image-fetched-elsewhere", DicomImageFetches::fetched);
    named.put(
        "tool-rewrites-clinical-record",
        scan -> ClinicalRecords.toolSql(scan, ClinicalRecords.RECORD_REWRITTEN));
    named.put(
        "tool-sets-consent", scan -> ClinicalRecords.toolSql(scan, ClinicalRecords.CONSENT_SET));
  }

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("hl7-sent-elsewhere", (scan, step, read) -> hl7Sent(scan, step));
    named.put( // a program named for HL7 or a send alone: tried on no other
        "mllp-url-elsewhere",
        new ProgramNames(
            name -> PatternLiterals.finds(HL7_TOOL, name),
            (scan, step, read) -> mllpUrlElsewhere(step)));
    named.put("code-sends-hl7", (scan, step, read) -> codeReaches(step, CODE_HL7));
    named.put(
        "code-sends-dicom", (scan, step, read) -> codeReaches(step, DicomPredicates.CODE_DICOM));
    named.put(
        "dicom-stored-elsewhere",
        (scan, step, read) -> DicomPredicates.dicomElsewhere(step, DicomPredicates.DICOM_STORES));
    named.put(
        "dicom-retrieved-elsewhere",
        (scan, step, read) ->
            DicomPredicates.dicomElsewhere(step, DicomPredicates.DICOM_RETRIEVES));
    named.put("dicom-modified-in-place", DicomPredicates::modifiedInPlace);
    named.put(
        "clinical-record-written",
        (scan, step, read) -> ClinicalRequests.written(scan, step, ClinicalRequests.CLINICAL_URL));
    named.put(
        "prescription-or-order-sent",
        (scan, step, read) -> ClinicalRequests.written(scan, step, ClinicalRequests.ERX_URL));
    named.put("fhir-bulk-export", (scan, step, read) -> ClinicalRequests.bulkExport(step));
    named.put(
        "interface-engine-stopped",
        (scan, step, read) -> ClinicalRequests.engineStopped(scan, step));
    named.put(
        "sql-rewrites-clinical-record",
        (scan, step, read) -> ClinicalRecords.sql(scan, step, ClinicalRecords.RECORD_REWRITTEN));
    named.put(
        "sql-sets-consent",
        (scan, step, read) -> ClinicalRecords.sql(scan, step, ClinicalRecords.CONSENT_SET));
    named.put(
        "messages-every-patient",
        (scan, step, read) -> ClinicalRecords.messagesEveryone(scan, step));
  }

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
        if (text.startsWith("-") || PatternLiterals.matches(FILE_END, text) || text.contains("/")) {
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
        message |= text.contains("MSH|") || PatternLiterals.matches(HL7_FILE, text);
      }
      return message && !remoteUrls(step).isEmpty();
    }
    if (!Set.of("nc", "ncat", "netcat", "socat", "telnet").contains(program)) {
      return false;
    }
    String source = bounded(scan.source());
    if (source == null || !PatternLiterals.finds(MLLP_FRAMED, source)) {
      return false;
    }
    List<String> hosts = new ArrayList<>();
    for (Word word : args) {
      String text = word.text();
      if (program.equals("socat")) {
        Matcher peer = PatternLiterals.matcher(SOCAT_PEER, text);
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
  static boolean scriptSends(Step step, Pattern kind) {
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
  /** An MLLP URL's host: {@code mllp://mirth-core-01.example.net:6661}. */
  private static final Pattern MLLP_URL = Pattern.compile("(?i)mllp://([^/:\\s'\"]+)");

  /** A program whose name says it sends or replays HL7: {@code hl7-replay}, {@code mllp-resend}. */
  private static final Pattern HL7_TOOL = Pattern.compile("(?i)hl7|mllp|replay|resend|send");

  /**
   * Whether a tool named for HL7 or for sending is given an MLLP URL of an engine that is not this
   * machine's nor a staging or test one (decision 206: {@code ./tools/hl7-replay --from '…' --to
   * mllp://mirth-core-01…}): archived messages replayed into a live engine.
   */
  private static boolean mllpUrlElsewhere(Step step) {
    if (step.interpreter() || !PatternLiterals.finds(HL7_TOOL, step.program())) {
      return false;
    }
    for (Word word : step.args()) {
      Matcher url = MLLP_URL.matcher(word.text());
      if (url.find() && elsewhere(List.of(url.group(1))) && !Environments.testName(url.group(1))) {
        return true;
      }
    }
    return false;
  }

  static boolean elsewhere(List<String> hosts) {
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
            && PatternLiterals.finds(MLLP_FRAMED, code)
            && PatternLiterals.finds(RAW_SOCKET, code))) {
      return false;
    }
    List<String> hosts = new ArrayList<>();
    Matcher host = PatternLiterals.matcher(CODE_HOST, code);
    while (host.find()) {
      String name = host.group(1);
      if (!PatternLiterals.matches(FILE_END, name) && !name.matches("(?i)[a-z_]+\\.[a-z_]+")) {
        hosts.add(name);
      } else if (name.matches("(?i)[a-z-]+(?:\\.[a-z-]+){2,}")
          && !PatternLiterals.matches(FILE_END, name)) {
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

  /** The URLs a program names that are not this machine's, nor a test endpoint's. */
  static List<String> remoteUrls(Step step) {
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
      Matcher url = PatternLiterals.matcher(Hosts.URL, text);
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

  /** A program's words joined, each as the command wrote it where it did. */
  static String commandOf(Step step) {
    StringBuilder text = new StringBuilder(step.program());
    for (Word word : step.args()) {
      text.append(' ').append(word.written() != null ? word.written() : word.text());
      if (text.length() > MAX_TEXT) {
        break;
      }
    }
    return text.toString();
  }

  static String bounded(String text) {
    if (text == null) {
      return null;
    }
    return text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
  }
}
