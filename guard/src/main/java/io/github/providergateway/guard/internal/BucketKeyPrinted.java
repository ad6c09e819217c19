package io.github.providergateway.guard.internal;

import java.util.List;

/**
 * A private key's object printed from a bucket (decision 205): {@code aws s3 cp
 * s3://…/claim.private.pem.key -}, {@code gsutil cat gs://…/signing.key}, {@code gcloud storage
 * cat}, {@code rclone cat}, {@code mc cat}: the key goes into the conversation as {@code cat} of
 * its file would. The object is judged by its name as a file is ({@link
 * SecretsCarried#privateKey}); a certificate, a public key, a test's key are not.
 */
final class BucketKeyPrinted {
  private BucketKeyPrinted() {}

  /** What printed the key, as the reason shows it, or {@code null}. */
  static String printed(Step step) {
    List<String> args = step.invocation().args();
    String program = step.program();
    String object = null;
    if (program.equals("aws") && args.size() >= 4 && args.get(0).equals("s3")) {
      List<String> operands = operands(args.subList(2, args.size()));
      boolean toOutput =
          operands.size() >= 2
              && (operands.get(1).equals("-") || operands.get(1).equals("/dev/stdout"));
      object = args.get(1).equals("cp") && toOutput ? operands.get(0) : null;
    } else if (program.equals("gsutil") || program.equals("rclone") || program.equals("mc")) {
      object = args.size() >= 2 && args.get(0).equals("cat") ? operands(args).get(1) : null;
    } else if (program.equals("gcloud") && args.size() >= 3 && args.get(0).equals("storage")) {
      object = args.get(1).equals("cat") ? operands(args.subList(2, args.size())).get(0) : null;
    }
    return object != null && SecretsCarried.privateKey(object) ? program + " " + object : null;
  }

  /** The words that are no option (an option's value after it, {@code --profile x}, aside). */
  private static List<String> operands(List<String> args) {
    List<String> out = new java.util.ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.startsWith("--") && !a.contains("=") && i + 1 < args.size() && valued(a)) {
        i++;
      } else if (a.equals("-") || !a.startsWith("-")) {
        out.add(a);
      }
    }
    out.add("");
    out.add("");
    return out;
  }

  /** The copiers' options that take a value. */
  private static boolean valued(String option) {
    return switch (option) {
      case "--profile",
          "--region",
          "--endpoint-url",
          "--sse",
          "--sse-kms-key-id",
          "--acl",
          "--storage-class",
          "--content-type",
          "--expected-size",
          "--source-region" ->
          true;
      default -> false;
    };
  }
}
