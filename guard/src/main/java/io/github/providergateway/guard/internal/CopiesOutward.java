package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The company's data copied out of its keeping (decision 122, {@code shapes.copies-outward}): a
 * copier ({@code aws s3 cp/sync}, {@code gsutil cp}, {@code rclone copy}, {@code hf upload}…) whose
 * destination is named as someone's own or the public's ({@code gs://jdoe-personal-scratch}, {@code
 * personal-gdrive:}, {@code s3://open-ml-share-bucket}) and whose source is a store or named as
 * production's or an export's data; or whose source is so named and whose destination is another
 * place but a scratch folder ({@code /tmp}, where a record is read). A build's output to a public
 * bucket is a deploy. A copy the company keeps (a backup), a test's or staging's, and a dry run are
 * none.
 */
final class CopiesOutward {
  private CopiesOutward() {}

  /** Whether the step copies the company's data out as above. */
  static boolean copies(Step step) {
    List<Word> args = step.args();
    if (SharedActs.dryRun(args)) {
      return false;
    }
    List<String> places = new ArrayList<>();
    for (Word word : args) {
      String text = word.text();
      if (text.startsWith("-") || text.length() >= 512) {
        continue;
      }
      if (places.size() < 2 || text.indexOf('/') >= 0 || text.indexOf(':') > 0) {
        places.add(text); // gsutil -m cp -r a b: cp, a, b; an option's value (prod) is no place
      }
    }
    if (places.size() < 3 || !copier(step.program(), places)) {
      return false; // the copier's subcommand, a source and a destination
    }
    String destination = places.get(places.size() - 1);
    if (step.program().equals("hf") || step.program().equals("huggingface-cli")) {
      destination = places.get(1); // hf upload <repo> <path>: the repository receives
    }
    boolean personal = personal(destination);
    for (String place : places) {
      String lower = place.toLowerCase(Locale.ROOT);
      if (!personal && lower.contains("backup")
          || lower.contains("test")
          || lower.contains("staging")) {
        return false; // a backup the company keeps; but one to a person's own drive is no such
      }
    }
    int operands = step.program().equals("aws") || step.program().equals("gcloud") ? 2 : 1;
    for (int i = 1; i < places.size(); i++) {
      String source = places.get(i);
      if (source.equals(destination) || sameStore(source, destination)) {
        continue;
      }
      if (kept(source) && !scratch(destination)
          || outsider(destination) && source.contains("://")
          || personal && i >= operands && data(step, source)) {
        return true; // production's data anywhere else; a store's into a person's own place
      }
    }
    return false;
  }

  /** {@code /tmp/x.csv}: a scratch copy to read, that does not outlive the machine's next boot. */
  private static boolean scratch(String place) {
    return place.startsWith("/tmp/") || place.equals("/tmp") || place.startsWith("/var/tmp/");
  }

  private static boolean copier(String program, List<String> places) {
    String sub = places.get(0);
    String second = places.get(1);
    return switch (program) {
      case "aws" -> sub.equals("s3") && ShapeObjects.COPY_VERBS.contains(second);
      case "gcloud" -> sub.equals("storage") && ShapeObjects.COPY_VERBS.contains(second);
      case "gsutil", "rclone", "azcopy", "s3cmd", "mc" -> ShapeObjects.COPY_VERBS.contains(sub);
      case "hf", "huggingface-cli" -> sub.equals("upload");
      default -> false;
    };
  }

  /** A place named as a person's own or the public's: a part among {@code outsiders}. */
  private static boolean outsider(String place) {
    for (String part : place.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
      if (ShapeObjects.OUTSIDERS.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The words that name a place as one person's own: {@code gdrive-personal:}, {@code my-drive:}.
   */
  private static final Set<String> PERSONAL = Set.of("personal", "my", "mine");

  /** Whether a place is named as one person's own account or drive (decision 198). */
  private static boolean personal(String place) {
    for (String part : place.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
      if (PERSONAL.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a copy's source is data: another store ({@code sharefile:Clients/}, {@code s3://…}), or
   * of this machine a folder, a file of records or an archive; not a build's output, a test's or
   * made-up data (decision 198: a mounted share's deal jackets to {@code gdrive-personal:}).
   */
  private static boolean data(Step step, String source) {
    return source.contains("://")
        || OutPredicates.rcloneRemote(source) != null
        || RecordsCopiedOut.data(step, source);
  }

  /** An object store or a folder named as production's or an export's data. */
  private static boolean kept(String place) {
    for (String part : place.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
      if (ShapeObjects.KEPT_DATA.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** Two URLs of one bucket ({@code s3://b/raw/} to {@code s3://b/curated/}): a move inside. */
  private static boolean sameStore(String a, String b) {
    int sa = a.indexOf("://");
    int sb = b.indexOf("://");
    if (sa < 0 || sb < 0) {
      return false;
    }
    String ba = a.substring(sa + 3).split("/", 2)[0];
    String bb = b.substring(sb + 3).split("/", 2)[0];
    return ba.equals(bb);
  }
}
