package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HTTP requests to clinical systems that are not this machine's nor a test one (decision 107): a
 * FHIR {@code $expunge} or break-the-glass access, a DELETE to a PACS, DICOMweb, FHIR or EHR URL or
 * a clinical tool that destroys, a write to one, a prescription or an order sent, an interface
 * engine's channels stopped, a server's tool that sends HL7 or DICOM.
 */
final class ClinicalRequests {
  private ClinicalRequests() {}

  /** FHIR's operation that erases for good, and break-the-glass access. */
  private static final Pattern EXPUNGE_OR_GLASS =
      Pattern.compile(
          "(?i)(?:\\$|%24)(?:expunge|delete-expunge|merge|mdm-clear|mdm-submit|purge)\\b"
              + "|expungeEverything|break[-_ ]?(?:the[-_ ]?)?glass|\\bx-[\\w-]{0,20}btg\\b|[?&_]btg="
              + "|\\bbtg[-_ ]?reason|emergency[-_]access[-_]reason");

  /** A URL's host or path that says it is a clinical system's. */
  static final Pattern CLINICAL_URL =
      Pattern.compile(
          "(?i)(?:^|[./-])(?:pacs|orthanc|dicom-?web|dcm4chee|wado|qido|stow|fhir|ehr|emr|epic|cerner"
              + "|his|ris|lis|clinical)(?:[./:-]|$)|/(?:studies|series|instances|patients)(?:/|$)"
              + "|/(?:Patient|Observation|Encounter|Condition|MedicationRequest|DiagnosticReport"
              + "|ImagingStudy|DocumentReference|AllergyIntolerance)(?:/|$|\\?)");

  /** An e-prescribing or order gateway's URL. */
  static final Pattern ERX_URL =
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

  /** What stops an interface engine's channels or drops its queues (Mirth, Cloverleaf). */
  private static final Pattern ENGINE_STOPS =
      Pattern.compile(
          "(?i)\\b(?:channel\\s{1,5}(?:stop|halt|pause|undeploy|remove|disable)|undeploy|clearallmessages"
              + "|clearmessages|removeallmessages|resetstats)\\b|/api/channels[^\\s'\"]{0,200}"
              + "(?:_stop|_halt|_pause|_undeploy|/messages|_removeAllMessages)");

  /** The words of a tool's name that say it is a clinical system's. */
  private static final Set<String> CLINICAL_TOOL_PARTS =
      NameSet.of(
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
      NameSet.of(
          "delete", "purge", "expunge", "remove", "drop", "destroy", "erase", "wipe", "truncate");

  /** Whether a request writes to a URL of this kind, not this machine's nor a test's. */
  static boolean written(Scan scan, Step step, Pattern kind) {
    List<String> urls = ClinicalPredicates.remoteUrls(step);
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
    String text =
        step.interpreter() ? InterpreterCode.of(step) : ClinicalPredicates.commandOf(step);
    return text != null && PatternLiterals.finds(WRITES, " " + text);
  }

  static boolean engineStopped(Scan scan, Step step) {
    String program = step.program();
    if (program.equals("mccommand") || program.equals("mirth-cli")) {
      String source = ClinicalPredicates.bounded(scan.source());
      if (source == null || !PatternLiterals.finds(ENGINE_STOPS, source)) {
        return false;
      }
      List<Word> args = step.args();
      for (int i = 0; i + 1 < args.size(); i++) {
        if (args.get(i).text().equals("-a") || args.get(i).text().equals("--address")) {
          String host = Hosts.of(args.get(i + 1).text());
          return host == null || ClinicalPredicates.elsewhere(List.of(host));
        }
      }
      return false; // mccommand's own default: this machine's engine
    }
    if (program.equals("hcienginestop") || program.equals("hcisitectl")) {
      return true; // Cloverleaf's engine on the host it runs on: the site's interfaces
    }
    if (!ClinicalPredicates.REQUESTERS.contains(program) && !step.interpreter()) {
      return false;
    }
    for (String url : ClinicalPredicates.remoteUrls(step)) {
      if (PatternLiterals.finds(ENGINE_STOPS, url)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the call erases from a FHIR server for good or asks for break-the-glass access. */
  /** A shell call {@link #expungeOrGlass} may find something in: an expunge's or a glass's word. */
  static final CallClues EXPUNGED = CallClues.of(EXPUNGE_OR_GLASS);

  static String expungeOrGlass(Scan scan) {
    String text = callText(scan);
    if (text == null) {
      return null;
    }
    Matcher found = PatternLiterals.matcher(EXPUNGE_OR_GLASS, text);
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
  static String toolSends(Scan scan) {
    return toolSends(scan, TOOL_INTERFACES);
  }

  /** Whether a server's tool sends a prescription or an order (its name). */
  static String toolPrescribes(Scan scan) {
    return toolSends(scan, TOOL_PRESCRIBING);
  }

  private static String toolSends(Scan scan, Set<String> kind) {
    CallForRules call = scan.call();
    if (scan.source() != null || call.tool() == null) {
      return null;
    }
    String tool = call.tool().toLowerCase(Locale.ROOT);
    boolean clinical = false;
    boolean sends = false;
    for (String part : tool.split("[^a-z0-9]+")) {
      clinical |= kind.contains(part);
      sends |=
          Set.of(
                  "send",
                  "store",
                  "push",
                  "transmit",
                  "inject",
                  "forward",
                  "cstore",
                  "move",
                  "submit")
              .contains(part);
    }
    if (!clinical || !sends) {
      return null;
    }
    String args = call.args() == null ? "" : ClinicalPredicates.bounded(call.args().toString());
    if (Hosts.onlyLoopback(args)
        || args.contains("\"localhost\"")
        || args.contains("\"127.0.0.1\"")) {
      return null; // the local test engine or PACS
    }
    return call.tool();
  }

  /** The words of a tool's name that say it is a clinical interface's. */
  private static final Set<String> TOOL_INTERFACES =
      NameSet.of("hl7", "mllp", "dicom", "pacs", "orthanc", "dimse", "mirth");

  /** The words of a tool's name that say it prescribes or orders. */
  private static final Set<String> TOOL_PRESCRIBING =
      NameSet.of(
          "erx",
          "eprescribe",
          "eprescribing",
          "prescription",
          "prescriptions",
          "rx",
          "newrx",
          "surescripts",
          "epcs",
          "order",
          "orders",
          "laborder",
          "lab");

  /**
   * Whether a request starts a FHIR bulk export ({@code $export}) from a server not this machine's.
   */
  static boolean bulkExport(Step step) {
    for (String url : ClinicalPredicates.remoteUrls(step)) {
      if (PatternLiterals.finds(BULK_EXPORT, url)) {
        return true;
      }
    }
    return false;
  }

  /** FHIR's bulk data export: the system's, a group's or every patient's. */
  private static final Pattern BULK_EXPORT = Pattern.compile("(?:/|^)(?:\\$|%24)export\\b");

  /** Whether the call sends a delete to a clinical system, or is a clinical tool that destroys. */
  static String clinicalDelete(Scan scan) {
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
      if (!ClinicalPredicates.REQUESTERS.contains(step.program()) && !step.interpreter()) {
        continue;
      }
      String text =
          step.interpreter() ? InterpreterCode.of(step) : ClinicalPredicates.commandOf(step);
      if (text == null || !PatternLiterals.finds(DELETES, " " + text)) {
        continue;
      }
      for (String url : ClinicalPredicates.remoteUrls(step)) {
        if (PatternLiterals.finds(CLINICAL_URL, url)) {
          return "DELETE " + url;
        }
      }
    }
    return null;
  }

  /** Whether a program of the call sends a request. */
  private static boolean requests(Scan scan) {
    for (Step step : scan.steps()) {
      if (ClinicalPredicates.REQUESTERS.contains(step.program())
          || step.interpreter() && InterpreterCode.of(step) != null) {
        return true;
      }
    }
    return false;
  }

  /** The command, or a fetching tool's URL and headers, bounded. */
  private static String callText(Scan scan) {
    if (scan.source() != null) {
      return ClinicalPredicates.bounded(scan.source());
    }
    JsonNode args = scan.call().args();
    if (args == null) {
      return null;
    }
    String text = args.toString();
    return ClinicalPredicates.bounded(text);
  }
}
