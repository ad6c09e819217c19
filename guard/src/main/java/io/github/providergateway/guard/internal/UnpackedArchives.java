package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.Word;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An archive unpacked (decision 333: {@code tar xzf /tmp/fastredact.tar.gz -C /tmp}, {@code unzip
 * /tmp/tool.zip -d /tmp/tool}, {@code 7z x a.7z -o/opt/a}), kept among the session's written files
 * as {@link #KEY}{@code <folder>} to the archive's path: where the archive was saved from the web
 * in this session ({@link WrittenRuns#FETCHED}), what it unpacked was fetched too, and a script run
 * from there runs what the web sent ({@code sudo /tmp/fastredact/install.sh}). A folder made for
 * the archive ({@code -d /tmp/tool}) holds only what it unpacked; a shared one ({@code /tmp},
 * {@code /opt}, the folder the command runs in) only what is named like the archive ({@code
 * fastredact*} for {@code fastredact-linux-amd64.tar.gz}). A listing ({@code tar t}, {@code unzip
 * -l}) unpacks nothing.
 */
public final class UnpackedArchives {

  /** The prefix of a folder an archive was unpacked into: the archive's path is its value. */
  public static final String KEY = "unpacked:";

  /** The folders shared by more than one archive's files, where the archive's name is needed. */
  private static final Set<String> SHARED =
      Set.of("/", "/tmp", "/var/tmp", "/opt", "/usr", "/usr/local", "/srv", "/home", "/root");

  /**
   * A script or an installer, by its name: what runs the archive's code on the machine, where a
   * release's program run from its folder is the tool the person fetched (merged controls: protoc,
   * flyway, golangci-lint, a toolchain's gcc).
   */
  private static final java.util.regex.Pattern INSTALLER =
      java.util.regex.Pattern.compile(
          "(?i)\\.(?:sh|bash|py|pl|rb|ps1|command|run)$|^(?:install|setup|installer|bootstrap)"
              + "(?:[._-]|$)");

  private UnpackedArchives() {}

  /**
   * Reads an unpacking program of a call.
   *
   * @param scan the call's scan
   * @param step the program
   * @param found where the folder goes
   */
  static void read(Scan scan, Step step, Found found) {
    List<String> words = step.invocation().args();
    String[] read =
        switch (step.program()) {
          case "tar", "gtar", "bsdtar" -> tar(words);
          case "unzip" -> unzip(words);
          case "7z", "7za" -> sevenZip(words);
          default -> null;
        };
    if (read == null || found.writesSenders().size() >= 16) {
      return;
    }
    String piped = read[0] == null || read[0].equals("-") ? piped(scan) : null;
    if (piped == null && (read[0] == null || read[0].equals("-"))) {
      return;
    }
    String archive = piped != null ? "-" : path(scan, step, read[0]);
    String folder = path(scan, step, read[1] == null ? "." : read[1]);
    if (archive == null || folder == null) {
      return;
    }
    boolean made = read[1] != null && !SHARED.contains(folder) && !shared(scan, folder);
    String name =
        piped != null
            ? piped.substring(piped.lastIndexOf('/') + 1)
            : archive.substring(archive.lastIndexOf('/') + 1);
    String held = made ? folder + "/" : folder + "/" + stem(name) + "*";
    held = held.replace("//", "/");
    if (piped != null) { // curl … | tar x: what the web sent, unpacked as it came
      found.writesSenders().put(WrittenRuns.FETCHED + held, FlowReading.shorten(piped));
    } else {
      found.writesSenders().put(KEY + held, archive);
    }
  }

  /** The URL a curl or wget of the call sends down a pipe, or null. */
  private static String piped(Scan scan) {
    for (Step step : scan.steps()) {
      if (step.program().equals("curl") || step.program().equals("wget")) {
        for (String word : step.invocation().args()) {
          if (word.matches("(?i)https?://\\S+")) {
            return word;
          }
        }
      }
    }
    return null;
  }

  /** Whether a folder is the user's home, the project or a folder above it. */
  private static boolean shared(Scan scan, String folder) {
    String project = scan.call().project() == null ? null : scan.call().project().toString();
    return folder.matches("/home/[^/]+|/Users/[^/]+")
        || project != null && (project.equals(folder) || project.startsWith(folder + "/"));
  }

  /** The name an archive's files are likely under: its first word ({@code fastredact}). */
  private static String stem(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    String bare = lower.replaceAll("\\.(?:tar\\.\\w+|tgz|tbz2?|txz|zip|7z|tar|jar)$", "");
    String first = bare.split("[-_.]", 2)[0];
    return first.length() >= 2 ? first : bare;
  }

  private static String path(Scan scan, Step step, String word) {
    for (Target target : scan.targets(step, Word.literal(word))) {
      if (target.known()) {
        return target.path().toString();
      }
    }
    return null;
  }

  /** {archive, folder} of a tar that extracts, or null. */
  private static String[] tar(List<String> words) {
    String archive = null;
    String folder = null;
    boolean extracts = false;
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      boolean bundled = word.matches("-[A-Za-z]+") || i == 0 && word.matches("[A-Za-z]+");
      if ((word.equals("-C") || word.equals("--directory")) && i + 1 < words.size()) {
        folder = words.get(++i);
      } else if (word.startsWith("--directory=")) {
        folder = word.substring("--directory=".length());
      } else if (word.equals("--file") && i + 1 < words.size()) {
        archive = words.get(++i);
      } else if (word.startsWith("--file=")) {
        archive = word.substring("--file=".length());
      } else if (word.equals("--extract") || word.equals("--get")) {
        extracts = true;
      } else if (bundled && !word.startsWith("--")) {
        extracts |= word.indexOf('x') >= 0;
        if (word.endsWith("f") && i + 1 < words.size()) {
          archive = words.get(++i);
        }
      }
    }
    return extracts ? new String[] {archive, folder} : null;
  }

  /** {archive, folder} of an unzip that extracts, or null. */
  private static String[] unzip(List<String> words) {
    String archive = null;
    String folder = null;
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (word.equals("-l") || word.equals("-t") || word.equals("-Z") || word.equals("-v")) {
        return null; // a listing or a test
      } else if (word.equals("-d") && i + 1 < words.size()) {
        folder = words.get(++i);
      } else if (!word.startsWith("-") && archive == null) {
        archive = word;
      }
    }
    return new String[] {archive, folder};
  }

  /** {archive, folder} of a 7z that extracts ({@code x} or {@code e}), or null. */
  private static String[] sevenZip(List<String> words) {
    if (words.isEmpty() || !(words.get(0).equals("x") || words.get(0).equals("e"))) {
      return null;
    }
    String archive = null;
    String folder = null;
    for (String word : words.subList(1, words.size())) {
      if (word.startsWith("-o") && word.length() > 2) {
        folder = word.substring(2);
      } else if (!word.startsWith("-") && archive == null) {
        archive = word;
      }
    }
    return new String[] {archive, folder};
  }

  /**
   * The fetched folders the unpacked ones of {@code made} are, by the session's written files: an
   * archive saved from the web unpacks what the web sent.
   *
   * @param written the session's written files, and the call's own
   * @param made the call's written files
   * @return the fetched folders, {@link WrittenRuns#FETCHED}{@code <folder>} to the URL
   */
  public static Map<String, String> fetched(Map<String, String> written, Map<String, String> made) {
    Map<String, String> fetched = new LinkedHashMap<>();
    for (Map.Entry<String, String> unpacked : made.entrySet()) {
      String key = unpacked.getKey();
      if (key.startsWith(WrittenRuns.FETCHED) && (key.endsWith("/") || key.endsWith("*"))) {
        fetched.put(key, unpacked.getValue()); // piped from the web into the unpacker
      } else if (key.startsWith(KEY)) {
        String archive = unpacked.getValue();
        String url = made.get(WrittenRuns.FETCHED + archive);
        url = url != null ? url : written.get(WrittenRuns.FETCHED + archive);
        if (url != null) {
          fetched.put(
              WrittenRuns.FETCHED + unpacked.getKey().substring(KEY.length()),
              FlowReading.shorten(url + ", unpacked from " + archive));
        }
      }
    }
    return fetched;
  }

  /**
   * Whether a path run is below a fetched folder: {@code <folder>/} holds every file below it,
   * {@code <folder>/<stem>*} those named like the archive.
   *
   * @param held the fetched folder's key, less its prefix
   * @param run the path run
   * @return whether the run runs what was unpacked
   */
  static boolean holds(String held, String run) {
    if (!PatternLiterals.finds(INSTALLER, run.substring(run.lastIndexOf('/') + 1))) {
      return false; // a release's own program run (protoc, flyway -v): the tool it is
    }
    if (held.endsWith("/")) {
      return run.startsWith(held);
    }
    return held.endsWith("*") && run.startsWith(held.substring(0, held.length() - 1));
  }
}
