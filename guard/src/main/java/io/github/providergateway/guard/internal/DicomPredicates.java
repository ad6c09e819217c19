package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DICOM reached from the command line (decision 107): images stored on or retrieved from an
 * application entity that is not this machine's nor a test one (dcmtk's and dcm4che's tools,
 * gdcmscu, pynetdicom's command line, a script named for it, Orthanc told to send on), and images
 * changed in place outside the project and the temporary folders ({@code dcmodify}).
 */
final class DicomPredicates {
  private DicomPredicates() {}

  /** A script's name that says it sends DICOM: {@code send_dicom.py}, {@code push_to_pacs.sh}. */
  private static final Pattern DICOM_SCRIPT =
      Pattern.compile(
          "(?i)(?:send|push|upload|store|forward|transfer|export)[\\w-]{0,30}(?:dicom|dcm|pacs|studies"
              + "|imaging)|(?:dicom|dcm|pacs)[\\w-]{0,30}(?:send|push|upload|store|forward|sender)");

  /** A DICOM network client in inline code that stores or retrieves. */
  static final Pattern CODE_DICOM =
      Pattern.compile(
          "send_c_store|send_c_move|send_c_get|StoreSCU|dicom-dimse|dcmjs-dimse|storescu");

  /** The command-line DICOM senders (C-STORE): dcmtk's, dcm4che's, gdcm's. */
  static final Set<String> DICOM_STORES =
      NameSet.of("storescu", "dcmsend", "dcmsnd", "storescu.py", "dcm4che-storescu", "stgcmtscu");

  /** The command-line DICOM retrievers (C-MOVE, C-GET). */
  static final Set<String> DICOM_RETRIEVES =
      NameSet.of("movescu", "getscu", "dcmqr", "movescu.py", "getscu.py", "dcm4che-movescu");

  /** An Orthanc server told to send its images on to a modality or a peer. */
  private static final Pattern ORTHANC_FORWARD =
      Pattern.compile("/(?:modalities|peers)/[^/\\s'\"]{1,64}/(store|move)\\b");

  /** An absolute path in a command: the folders a find hands its {@code -exec} program. */
  private static final Pattern ABSOLUTE = Pattern.compile("(?<![\\w\"'=])(/[\\w.\\-/]{1,300})");

  /** A dcm4che peer: {@code AET@host:port}. */
  private static final Pattern AE_AT_HOST = Pattern.compile("^[^@\\s]{1,64}@([^:\\s]{1,253}):\\d+");

  static boolean dicomElsewhere(Step step, Set<String> programs) {
    String program = step.program();
    List<Word> args = step.args();
    int from = 0;
    if (ClinicalPredicates.REQUESTERS.contains(program)) {
      // Orthanc told to send on: POST /modalities/{name}/store (or /move), /peers/{name}/store
      String text = ClinicalPredicates.commandOf(step);
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
        return programs.contains("storescu") && ClinicalPredicates.scriptSends(step, DICOM_SCRIPT);
      }
      if (!programs.contains(args.get(module).text())) {
        return false;
      }
      from = module + 1;
    } else if (!programs.contains(program)) {
      return false;
    }
    List<String> hosts = new ArrayList<>();
    boolean first = true;
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
      if (first && computedPeer(args, i)) {
        return true; // decision 206: a host and a port read from a routing file when it runs
      }
      first = false;
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
    return ClinicalPredicates.elsewhere(hosts);
  }

  /**
   * Whether the first positional, the peer, and the word after it, its port, are both computed when
   * the command runs ({@code dcmsend $(yq … host) $(yq … port)}): the command never shows where the
   * studies go.
   */
  private static boolean computedPeer(List<Word> args, int at) {
    return at + 1 < args.size()
        && !args.get(at).literal()
        && !args.get(at + 1).literal()
        && !args.get(at + 1).text().startsWith("-");
  }

  /**
   * Whether {@code dcmodify} (or gdcm's anonymiser) changes images in place outside the project and
   * the temporary folders: an archive's originals. Run by {@code find -exec … {} +}, the folders
   * the command names are its files.
   */
  static boolean modifiedInPlace(Scan scan, Step step, Where.Read read) {
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
      String source = ClinicalPredicates.bounded(scan.source());
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
}
