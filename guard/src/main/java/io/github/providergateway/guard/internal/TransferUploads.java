package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The local files a transfer client uploads (session 16), read so that the sending-out rules judge
 * them as they judge the same files given to scp: lftp's {@code put}, {@code mput} and {@code
 * mirror -R} (or {@code --reverse}) in its {@code -e} or {@code -c} script, smbclient's {@code put}
 * and {@code mput} in its {@code -c} script, ncftpput's files after its host and folder, and {@code
 * gio copy} to an {@code sftp://}, {@code smb://}, {@code ftp://} or {@code dav://} location. A
 * {@code get}, a {@code mirror} without {@code -R} (a download) and a listing upload nothing.
 */
final class TransferUploads {
  private TransferUploads() {}

  /** The clients read, each with its script's option. */
  static final Set<String> CLIENTS = NameSet.of("lftp", "smbclient", "ncftpput", "gio");

  /** A script's upload: {@code put F}, {@code mput F…}, {@code mirror -R [opts] SRC}. */
  private static final Pattern UPLOAD =
      Pattern.compile(
          "(?:^|[;\\n]|&&)\\s*(?:m?put\\s+((?:-[a-zA-Z]+\\s+)*)([^;\\n&]+)"
              + "|mirror\\s+((?:-{1,2}[a-zA-Z-]+(?:=\\S+)?\\s+)*)([^;\\n&]+))");

  /** gio's remote locations. */
  private static final Pattern REMOTE_LOCATION =
      Pattern.compile("(?i)^(?:sftp|smb|ftp|ftps|dav|davs|afp|ssh)://");

  /**
   * {@return the local files and folders the step uploads, empty for none}
   *
   * @param step a transfer client's step
   */
  static List<String> files(Step step) {
    List<String> files = new ArrayList<>();
    if (!CLIENTS.contains(step.program())) {
      return files;
    }
    List<Word> args = step.args();
    switch (step.program()) {
      case "ncftpput" -> {
        List<String> operands = operands(args, Set.of("-u", "-p", "-P", "-j", "-f", "-t"));
        if (operands.size() > 2) {
          files.addAll(operands.subList(2, operands.size())); // host, remote folder, files
        }
      }
      case "gio" -> {
        List<String> operands = operands(args, Set.of());
        if (operands.size() >= 3
            && (operands.get(0).equals("copy") || operands.get(0).equals("move"))
            && PatternLiterals.finds(REMOTE_LOCATION, operands.get(operands.size() - 1))) {
          files.addAll(operands.subList(1, operands.size() - 1));
        }
      }
      default -> {
        for (int i = 0; i + 1 < args.size(); i++) {
          String text = args.get(i).text();
          if (text.equals("-e") || text.equals("-c") || text.equals("--command")) {
            script(args.get(i + 1).text(), files);
          }
        }
      }
    }
    return files;
  }

  /**
   * {@return the host an ncftpput, smbclient or gio step uploads to, or {@code null}}: ncftpput's
   * first operand, smbclient's {@code //host/share}, gio's last location.
   *
   * @param step a transfer client's step
   */
  static String host(Step step) {
    List<String> operands = operands(step.args(), Set.of("-u", "-p", "-P", "-U", "-W", "-c"));
    if (operands.isEmpty()) {
      return null;
    }
    return switch (step.program()) {
      case "ncftpput" -> operands.get(0);
      case "smbclient" ->
          operands.get(0).startsWith("//")
              ? operands.get(0).substring(2).replaceAll("/.*", "")
              : null;
      case "gio" -> Environments.host(operands.get(operands.size() - 1));
      default -> null;
    };
  }

  private static void script(String script, List<String> files) {
    if (script.length() > 16 * 1024) {
      return;
    }
    Matcher upload = UPLOAD.matcher(script);
    while (upload.find()) {
      if (upload.group(2) != null) {
        for (String file : upload.group(2).trim().split("\\s+")) {
          if (file.equals("-o")) {
            break; // put F -o NAME: the remote name follows
          }
          files.add(file);
        }
      } else if (upload.group(3) != null && reverse(upload.group(3))) {
        String[] operands = upload.group(4).trim().split("\\s+");
        files.add(operands[0]); // mirror -R SOURCE [TARGET]
      }
    }
  }

  /** Whether mirror's options make it upload: {@code -R}, {@code --reverse}. */
  private static boolean reverse(String options) {
    for (String option : options.trim().split("\\s+")) {
      if (option.equals("--reverse") || option.matches("-[a-zA-Z]*R[a-zA-Z]*")) {
        return true;
      }
    }
    return false;
  }

  private static List<String> operands(List<Word> args, Set<String> valued) {
    List<String> operands = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (valued.contains(text)) {
        i++;
      } else if (!text.startsWith("-")) {
        operands.add(text);
      }
    }
    return operands;
  }
}
