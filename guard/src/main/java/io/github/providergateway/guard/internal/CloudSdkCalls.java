package io.github.providergateway.guard.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A cloud provider's SDK called in inline code to delete what the CLI rules would catch: {@code
 * python3 -c "import boto3; boto3.resource('s3').Bucket('b').objects.all().delete()"} empties a
 * bucket as {@code aws s3 rm --recursive} does. Read from the code's text: an SDK named in it
 * (boto3, google.cloud, azure, the AWS SDK for JavaScript, Ruby's Aws::) and a delete or terminate
 * call. Storage (buckets, their objects, blobs) is {@code cloud.bucket-delete}; anything else the
 * SDK deletes is {@code cloud.delete}, as the CLI's deletes are.
 */
final class CloudSdkCalls {
  private static final BuiltinRule BUCKET_DELETE = RuleBook.rule("cloud.bucket-delete");
  private static final BuiltinRule CLOUD_DELETE = RuleBook.rule("cloud.delete");

  private static final Pattern SDK =
      Pattern.compile(
          "boto3|botocore|google\\.cloud|googleapiclient|azure\\.|@aws-sdk|aws-sdk|Aws::|"
              + "digitalocean|hcloud|linode_api|oci\\.");

  private static final Pattern DELETES =
      Pattern.compile(
          "\\.(delete\\w*|terminate_instances|terminateInstances|destroy|begin_delete\\w*|remove)"
              + "\\s*\\(|new\\s+(Delete\\w+|Terminate\\w+)Command\\s*\\(");

  private static final Pattern STORAGE =
      Pattern.compile("(?i)bucket|\\bs3\\b|'s3'|\"s3\"|blob|storage|objects");

  private CloudSdkCalls() {}

  /**
   * {@return the rule a delete through a cloud SDK in {@code code} is, or null when there is none}
   */
  static BuiltinRule deletes(String code) {
    if (!PatternLiterals.finds(SDK, code)) {
      return null;
    }
    Matcher call = DELETES.matcher(code);
    if (!call.find()) {
      return null;
    }
    return PatternLiterals.finds(STORAGE, code) ? BUCKET_DELETE : CLOUD_DELETE;
  }
}
