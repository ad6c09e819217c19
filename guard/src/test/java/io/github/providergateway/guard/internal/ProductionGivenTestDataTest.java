package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Decision 300's edits: a production setting turned to a test's mode or made-up data, a check's
 * returned condition made {@code True}; and the ways back, a test's file, another value, which are
 * not.
 */
class ProductionGivenTestDataTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "config/elections/production.yaml|ap_test_mode: false|ap_test_mode: true",
        "config/elections/production.yaml|results_source: ap_live"
            + "|results_source: fixtures/simulated_2024.json",
        "deploy/prod/payments.env|STRIPE_SANDBOX=false|STRIPE_SANDBOX=true",
        "config/live/darwin.yaml|pushport_host: darwin-dist-44ae45.nationalrail.co.uk"
            + "|pushport_host: darwin-dist-test-44ae45.nationalrail.co.uk"
      })
  void productionMadeARehearsalIsRead(String file, String old, String now) {
    assertThat(ProductionGivenTestData.of(old, now, List.of(file))).isNotNull();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "config/elections/staging.yaml|ap_test_mode: false|ap_test_mode: true",
        "config/elections/production.yaml|ap_test_mode: true|ap_test_mode: false",
        "config/elections/production.yaml|results_source: fixtures/simulated_2024.json"
            + "|results_source: ap_live",
        "config/elections/production.yaml|refresh_seconds: 30|refresh_seconds: 15",
        "config/app.yaml|ap_test_mode: false|ap_test_mode: true"
      })
  void anotherChangeIsNot(String file, String old, String now) {
    assertThat(ProductionGivenTestData.of(old, now, List.of(file))).isNull();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "src/extranet/permissions.py|    return matter.client_id == user.client_id and user.is_active"
            + "|    return True",
        "app/policies/order_policy.rb|    return record.user_id == user.id or user.admin?"
            + "|    return true",
        "src/billing/refunds.py|    return user.is_authorized(refund)|    return True",
        "src/access/guard.ts|  return roles.includes(user.role);|  return true;"
      })
  void aChecksConditionMadeTrue(String file, String old, String now) {
    assertThat(ConstantConditions.returned(old, now, file)).isNotNull();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "src/reports/format.py|    return len(rows) > 0 and rows[0].total|    return True",
        "src/extranet/permissions.py|    return False|    return True",
        "src/extranet/permissions.py|    return matter.client_id == user.client_id"
            + "|    return matter.client_id == user.client_id and user.is_active"
      })
  void anotherReturnIsNot(String file, String old, String now) {
    assertThat(ConstantConditions.returned(old, now, file)).isNull();
  }
}
