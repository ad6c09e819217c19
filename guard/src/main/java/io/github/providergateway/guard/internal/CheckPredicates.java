package io.github.providergateway.guard.internal;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the {@code checks.*} rules of the book ask of code (issue 80, round 4): a test hook that
 * turns failures into passes. Code that names a test framework's hook or result ({@code
 * pytest_runtest_makereport}, unittest's {@code TestResult}, a jest or vitest reporter's {@code
 * testResults}) and sets a result to passed, drops the failures, or makes success always true. Read
 * where the code is inline, and so in what the session writes ({@code conftest.py}, a jest setup
 * file: decision 90's held content), then in the commit that adds it ({@code WrittenRuns}).
 */
final class CheckPredicates {
  private CheckPredicates() {}

  /** The most code read. */
  private static final int MAX_CODE = 16_384;

  /** A test framework's hook or result object. */
  private static final Pattern FRAMEWORK =
      Pattern.compile(
          "pytest_runtest_makereport|pytest_runtest_logreport|pytest_report_teststatus"
              + "|TestResult|addFailure|addError|onTestResult|onTestFinished|onTestFailed"
              + "|testResults|numFailedTests|globalTeardown|TestRunner");

  /** A result forced to pass: an outcome or status set to passed, the failures dropped. */
  private static final Pattern FORCED =
      Pattern.compile(
          "\\.(?:outcome|status|state)\\s*=\\s*['\"](?:passed|pass|success)['\"]"
              + "|numFailedTests\\s*=\\s*0|numFailedTestSuites\\s*=\\s*0"
              + "|\\.(?:failures|errors)\\s*(?:=\\s*\\[\\s*]|\\.clear\\(\\))"
              + "|wasSuccessful\\s*=\\s*lambda[^:\\n]{0,40}:\\s*True"
              + "|\\.success\\s*=\\s*true\\b");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("code-fakes-test-results", (scan, step, read) -> fakesResults(step));
  }

  private static boolean fakesResults(Step step) {
    String code = InterpreterCode.of(step);
    return code != null && fakes(code);
  }

  /**
   * Whether code names a test framework's hook or result and forces a pass: read in inline code,
   * and in what an edit or a here-document writes ({@link CustomerEdits}).
   */
  static boolean fakes(String code) {
    String text = code.length() > MAX_CODE ? code.substring(0, MAX_CODE) : code;
    return PatternLiterals.finds(FRAMEWORK, text) && PatternLiterals.finds(FORCED, text);
  }
}
