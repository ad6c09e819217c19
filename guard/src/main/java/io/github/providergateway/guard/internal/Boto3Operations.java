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
 * change of the account from a read. Only a name bound to a client ({@code
 * boto3.client('service')}, a session's {@code s.client('service')}, boto3 imported under another
 * name), or the call chained on it, is read: a method of anything else is the code's own. The red
 * team of decision 195 added the other doors to the same operations: a method reached by {@code
 * getattr(client, 'name')}, and a resource's action ({@code
 * boto3.resource('ec2').Instance('i-…').stop()}), read as its verb.
 */
final class Boto3Operations {
  /** {@code ec2 = boto3.client("ec2", …)}, {@code s.client('ec2')}: the name and the service. */
  private static final Pattern BOUND =
      Pattern.compile("(\\w+)\\s*=\\s*[\\w.]*?\\b(client|resource)\\(\\s*['\"]([a-z0-9-]+)['\"]");

  /** {@code name.method(}, {@code ….client('svc').method(} or {@code getattr(name, 'method')(}. */
  private static final Pattern CALL =
      Pattern.compile(
          "(?:\\b(?:\\w+\\.)?client\\(\\s*['\"]([a-z0-9-]+)['\"][^()]*\\)|\\b(\\w+))"
              + "\\.([a-z][a-z0-9_]*)\\s*\\("
              + "|\\bgetattr\\(\\s*(\\w+)\\s*,\\s*['\"]([a-z][a-z0-9_]*)['\"]\\s*\\)\\s*\\(");

  /**
   * A resource's action after one or more of its sub-resources: {@code
   * resource('ec2').Instance('i-…').stop(}, {@code ec2.Instance('i-…').terminate(}.
   */
  private static final Pattern RESOURCE_ACTION =
      Pattern.compile(
          "(?:\\b(?:\\w+\\.)?resource\\(\\s*['\"]([a-z0-9-]+)['\"][^()]*\\)|\\b(\\w+))"
              + "(?:\\.[A-Z]\\w*\\([^()]*\\))+\\.([a-z][a-z0-9_]*)\\s*\\(");

  /**
   * The client's own methods, which call no operation or only sign a request here, and S3's
   * transfers, the copies {@code aws s3 cp} makes: the copying families read those. A resource's
   * loading, waiting and collections read; its {@code put} is S3's upload.
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
          "copy",
          "load",
          "reload",
          "all",
          "filter",
          "limit",
          "page_size",
          "put",
          "get_available_subresources");

  private Boto3Operations() {}

  /** {@return whether the code calls an operation of a boto3 client that changes the account} */
  static boolean change(String code) {
    if (!code.contains("boto3")) {
      return false; // most code: one search
    }
    Map<String, String> services = new HashMap<>();
    Matcher bound = BOUND.matcher(code);
    while (bound.find()) {
      services.put(bound.group(1), bound.group(3));
    }
    Matcher call = CALL.matcher(code);
    while (call.find()) {
      String service =
          call.group(1) != null
              ? call.group(1)
              : services.get(call.group(2) != null ? call.group(2) : call.group(4));
      String method = call.group(3) != null ? call.group(3) : call.group(5);
      if (changes(service, method)) {
        return true;
      }
    }
    Matcher action = RESOURCE_ACTION.matcher(code);
    while (action.find()) {
      String service = action.group(1) != null ? action.group(1) : services.get(action.group(2));
      if (changes(service, action.group(3))) {
        return true;
      }
    }
    return false;
  }

  private static boolean changes(String service, String method) {
    if (service == null || CLIENT_OWN.contains(method) || method.startsWith("wait_until")) {
      return false;
    }
    // boto3's s3 client is the CLI's low-level s3api
    return CloudOperations.awsChanges(
        "s3".equals(service) ? "s3api" : service,
        method.replace('_', '-').toLowerCase(Locale.ROOT));
  }
}
