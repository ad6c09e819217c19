package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The AWS SDK for JavaScript's commands in inline code, read as the aws CLI's operations they are
 * (red team of decision 190, in decision 195): {@code new StopInstancesCommand(…)} of {@code
 * @aws-sdk/client-ec2} is {@code aws ec2 stop-instances}, whose verb {@link CloudOperations} reads.
 */
final class AwsJsCommands {
  /** The package a service's client comes from: {@code @aws-sdk/client-ec2}. */
  private static final Pattern PACKAGE = Pattern.compile("@aws-sdk/client-([a-z0-9-]+)");

  /** A command made: {@code new StopInstancesCommand(}. */
  private static final Pattern COMMAND = Pattern.compile("\\bnew\\s+([A-Z]\\w*?)Command\\s*\\(");

  private AwsJsCommands() {}

  /** {@return whether the code sends a command of one service that changes the account} */
  static boolean change(String code) {
    if (!code.contains("@aws-sdk/client-")) {
      return false;
    }
    Matcher service = PACKAGE.matcher(code);
    if (!service.find()) {
      return false;
    }
    String name = "s3".equals(service.group(1)) ? "s3api" : service.group(1);
    Matcher command = COMMAND.matcher(code);
    while (command.find()) {
      String operation =
          command.group(1).replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
      if (CloudOperations.awsChanges(name, operation)) {
        return true;
      }
    }
    return false;
  }
}
