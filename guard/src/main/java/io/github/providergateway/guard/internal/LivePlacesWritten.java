package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file put where the live system takes it from (decision 214): a bucket named live or production
 * ({@code aws s3 cp … s3://larkin-enr-live/index.html}: a live site's page replaced, results
 * published), a bureau's or a printer's folder named {@code live} or {@code APPROVED} reached by
 * {@code sftp}'s {@code put} (a collection file submitted, a press run started), a mounted share's
 * {@code approved} folder an automation polls. What is put there is acted on with no one asked; a
 * copy out of the live place, a listing, a staging bucket are not.
 */
final class LivePlacesWritten {
  private LivePlacesWritten() {}

  /** Where the program puts a file in a live place, or {@code null}. */
  static String written(Step step) {
    String program = step.program();
    List<String> args = step.invocation().args();
    return switch (program) {
      case "aws" -> bucketWritten(args);
      case "gsutil" ->
          args.contains("cp") || args.contains("rsync") || args.contains("mv")
              ? liveDestination(lastPositional(args), "gs://")
              : null;
      case "sftp" -> sftpPut(step);
      case "cp", "mv", "rsync", "scp", "install" -> approvedFolder(lastPositional(args));
      default -> null;
    };
  }

  /** {@code aws s3 cp|mv|sync SRC s3://BUCKET/…}, with no {@code --dryrun}. */
  private static String bucketWritten(List<String> args) {
    if (args.size() < 3 || !args.get(0).equals("s3") || args.contains("--dryrun")) {
      return null;
    }
    String verb = args.get(1);
    if (!verb.equals("cp") && !verb.equals("mv") && !verb.equals("sync")) {
      return null;
    }
    List<String> positionals =
        PlantPredicates.positionals(
            args.subList(2, args.size()).stream().map(Word::literal).toList(),
            java.util.Set.of(
                "--profile",
                "--region",
                "--cache-control",
                "--content-type",
                "--acl",
                "--exclude",
                "--include",
                "--storage-class",
                "--sse",
                "--metadata",
                "--endpoint-url"));
    // A copy from a bucket to a bucket moves data within the store; a file put there publishes it.
    return positionals.size() >= 2 && !positionals.get(0).startsWith("s3://")
        ? liveDestination(positionals.get(positionals.size() - 1), "s3://")
        : null;
  }

  private static String liveDestination(String destination, String scheme) {
    if (destination == null || !destination.startsWith(scheme)) {
      return null;
    }
    String rest = destination.substring(scheme.length());
    String bucket = rest.contains("/") ? rest.substring(0, rest.indexOf('/')) : rest;
    return Environments.namesProduction(bucket) && !Environments.testName(bucket)
        ? destination
        : null;
  }

  private static String lastPositional(List<String> args) {
    for (int i = args.size() - 1; i >= 0; i--) {
      if (!args.get(i).startsWith("-")) {
        return args.get(i);
      }
    }
    return null;
  }

  /** A folder the live system polls: a part {@code approved}, or {@code live} or production's. */
  private static final Pattern APPROVED = Pattern.compile("(?i)(?:^|/)approved(?:/|$)");

  /**
   * A copy into an {@code approved} folder that is no project's nor a temporary one (a share
   * mounted, another machine's by {@code scp}): the automation that polls it takes what lands.
   */
  private static String approvedFolder(String destination) {
    if (destination == null) {
      return null;
    }
    String path =
        destination.contains(":") && !destination.startsWith("/")
            ? destination.substring(destination.indexOf(':') + 1)
            : destination;
    boolean elsewhere =
        destination.contains(":") && !destination.startsWith("/")
            || path.startsWith("/mnt/")
            || path.startsWith("/media/")
            || path.startsWith("//")
            || path.startsWith("/net/")
            || path.startsWith("/srv/");
    return elsewhere && (PatternLiterals.finds(APPROVED, path) || livePath(path))
        ? destination
        : null;
  }

  private static boolean livePath(String path) {
    for (String part : path.split("/")) {
      if (Environments.namesProduction(part) && !part.contains(".")) {
        return true;
      }
    }
    return false;
  }

  /** sftp's {@code put SRC [DEST]}, fed by a here-string or a here-document. */
  private static final Pattern PUT =
      Pattern.compile("(?im)^\\s*-?put\\s+(?:-\\w+\\s+)*(\\S+)(?:\\s+(\\S+))?");

  private static String sftpPut(Step step) {
    String remoteFolder = "";
    for (String arg : step.invocation().args()) {
      if (arg.contains("@") && arg.contains(":") || !arg.startsWith("-") && arg.contains(":/")) {
        remoteFolder = arg.substring(arg.indexOf(':') + 1);
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() == null) {
        continue;
      }
      Matcher put = PUT.matcher(redirect.body());
      while (put.find()) {
        String destination = put.group(2) == null ? remoteFolder : put.group(2);
        if (PatternLiterals.finds(APPROVED, destination) || livePath(destination)) {
          return "put " + put.group(1) + " " + destination;
        }
      }
    }
    return null;
  }
}
