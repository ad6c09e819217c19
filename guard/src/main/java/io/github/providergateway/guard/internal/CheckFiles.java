package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which files a change to is ordinary work for {@link CheckEdits} (decision 95), by their path's
 * parts: a test, a fixture, a mock, a local, development or debug configuration (where only a
 * production address is read), documentation or an example (where nothing is).
 */
final class CheckFiles {
  /** What a file's path is split into parts at. */
  private static final Pattern PARTS = Pattern.compile("[/._\\-]");

  /** The parts of a file's path that make it a test's, a fixture's or local configuration. */
  private static final Set<String> TEST_PARTS =
      NameSet.of(
          "test",
          "tests",
          "__tests__",
          "spec",
          "specs",
          "testing",
          "fixtures",
          "fixture",
          "mocks",
          "__mocks__",
          "mock",
          "e2e",
          "testdata",
          "dev",
          "development",
          "local",
          "debug",
          "conftest");

  /** The parts of a file's path that make it documentation or an example. */
  private static final Set<String> DOCUMENTATION_PARTS =
      NameSet.of(
          "docs",
          "doc",
          "examples",
          "example",
          "samples",
          "sample",
          "md",
          "rst",
          "adoc",
          "template",
          "dist");

  private CheckFiles() {}

  /** Whether a part of a path says a test's, a fixture's or local configuration: {@code tests}. */
  static boolean testPart(String part) {
    return TEST_PARTS.contains(part);
  }

  /** Whether a file is a test, fixture, doc, example or local configuration. */
  static boolean ordinary(String file) {
    String lower = file.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".txt") && !lower.endsWith("requirements.txt")) {
      return true;
    }
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    if (name.startsWith("test_")
        || name.contains("_test.")
        || name.contains(".test.")
        || name.contains(".spec.")
        || name.contains("tests.")
        || name.endsWith("test.java")
        || name.endsWith("test.kt")
        || name.endsWith(".example")
        || name.endsWith(".sample")) {
      return true;
    }
    for (String part : lower.split("[/._\\-]")) {
      if (TEST_PARTS.contains(part) || DOCUMENTATION_PARTS.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The parts of a file's path that make it a rehearsal's configuration: UAT's, staging's, a
   * chain's test network's (decision 223).
   */
  private static final Set<String> REHEARSAL_PARTS =
      NameSet.of(
          "uat", "staging", "stg", "sandbox", "qa", "nonprod", "regtest", "testnet", "devnet",
          "signet");

  /**
   * Whether a file configures a rehearsal of production (decision 202): a UAT's, a staging's, a
   * sandbox's ({@code screening/engine-uat.properties}, {@code deploy/uat/}), where a protection's
   * setting is tried before it is deployed. Production named beside it wins: {@code
   * deploy/prod/uat-compat/screening.yaml} is production's (the red team of decisions 202–205).
   * Read on the file's name and the three folders above it: the folders a checkout lies in are not.
   */
  static boolean rehearsal(String file) {
    String near = near(file);
    boolean rehearsal = false;
    for (String part : PARTS.split(near.toLowerCase(Locale.ROOT))) { // split("[/._\\-]") once
      rehearsal |= REHEARSAL_PARTS.contains(part);
    }
    return rehearsal && !Environments.namesProduction(near);
  }

  /**
   * A file's name with the three folders above it: what a setting's file is read on, not the
   * folders a checkout lies in ({@link #rehearsal}, {@link LiveSettingChanges}).
   */
  static String near(String file) {
    String[] folders = file.split("/");
    return String.join(
        "/", Arrays.copyOfRange(folders, Math.max(0, folders.length - 4), folders.length));
  }

  /** The parts of {@link #TEST_PARTS} that say a configuration of this machine, not a test. */
  private static final Set<String> LOCAL_PARTS = NameSet.of("dev", "development", "local", "debug");

  /**
   * Whether a file is a test's, a fixture's, documentation or an example: what it holds is served
   * to nobody ({@code app/api/debug/route.ts} is a route like any other).
   */
  static boolean servesNobody(String file) {
    if (documentation(file)) {
      return true;
    }
    String lower = file.toLowerCase(Locale.ROOT);
    for (String part : lower.split("[/._\\-]")) {
      if (TEST_PARTS.contains(part) && !LOCAL_PARTS.contains(part)) {
        return true;
      }
    }
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    return name.startsWith("test_")
        || name.contains("_test.")
        || name.contains(".test.")
        || name.contains(".spec.");
  }

  /** Whether a file is documentation or an example: what it says runs nowhere. */
  static boolean documentation(String file) {
    String lower = file.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".txt") || lower.endsWith(".example") || lower.endsWith(".sample")) {
      return true;
    }
    for (String part : lower.split("[/._\\-]")) {
      if (DOCUMENTATION_PARTS.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** A file's name without its folder and extension: {@code auth} of {@code config/auth.yaml}. */
  static String stem(String file) {
    String name = file.substring(file.lastIndexOf('/') + 1);
    int dot = name.indexOf('.', 1);
    return dot > 0 ? name.substring(0, dot) : name;
  }
}
