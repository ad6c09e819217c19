package io.github.providergateway.guard.internal;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * boto3's client calls in inline code, read as the aws CLI's operations they are (decision 190): a
 * client's method is its service's operation in snake case ({@code ec2.release_address(…)} is
 * {@code aws ec2 release-address}), so the CLI's verb reading ({@link CloudOperations}) tells a
 * change of the account from a read. Only a name bound to {@code boto3.client('service')}, or the
 * call chained on it, is read: a method of anything else is the code's own.
 */
final class Boto3Operations {
  /** {@code ec2 = boto3.client("ec2", …)}: the name and the service. */
  private static final Pattern BOUND =
      Pattern.compile("(\\w+)\\s*=\\s*boto3\\.client\\(\\s*['\"]([a-z0-9-]+)['\"]");

  /** {@code name.method(} or {@code boto3.client('svc').method(}. */
  private static final Pattern CALL =
      Pattern.compile(
          "(?:boto3\\.client\\(\\s*['\"]([a-z0-9-]+)['\"][^()]*\\)|\\b(\\w+))\\.([a-z][a-z0-9_]*)\\s*\\(");

  /**
   * The client's own methods, which call no operation or only sign a request here, and S3's
   * transfers, the copies {@code aws s3 cp} makes: the copying families read those.
   */
  private static final Set<String> CLIENT_OWN =
      Set.of(
          "generate_presigned_url",
          "generate_presigned_post",
          "can_paginate",
          "close",
          "upload_file",
          "upload_fileobj",
          "download_file",
          "download_fileobj",
          "copy");

  private Boto3Operations() {}

  /** {@return whether the code calls an operation of a boto3 client that changes the account} */
  static boolean change(String code) {
    if (!code.contains("boto3.client(")) {
      return false; // most code: one search
    }
    Map<String, String> services = new HashMap<>();
    Matcher bound = BOUND.matcher(code);
    while (bound.find()) {
      services.put(bound.group(1), bound.group(2));
    }
    Matcher call = CALL.matcher(code);
    while (call.find()) {
      String service = call.group(1) != null ? call.group(1) : services.get(call.group(2));
      if ("s3".equals(service)) {
        service = "s3api"; // boto3's s3 client is the CLI's low-level s3api
      }
      String method = call.group(3);
      if (service != null
          && !CLIENT_OWN.contains(method)
          && CloudOperations.awsChanges(
              service, method.replace('_', '-').toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }
}
