package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A person made known in a web search or a tool's message (decision 206); a diagnosis, an error, a
 * paper, the SAR's rules, a test's patient and the documented sample number name no one. And the
 * buckets of customers' recordings as {@link CustomersVideo} reads them.
 */
class IdentifiedInTextTest {
  @Test
  void aSearchThatNamesSomeoneIsFound() {
    String[] named = {
      "GARCIA LUIS 00482913 Mercy St Vincent subdural hematoma CT 2025-06-11",
      "Margaret Kowalski 14 Birch Lane Hamilton NJ DNR dementia pacemaker",
      "Orinoco Trading SA Marta Alvarez suspicious activity report wire USD 480,000"
    };
    for (String query : named) {
      assertThat(IdentifiedInText.inSearch(query)).as(query).isNotNull();
    }
  }

  @Test
  void aSearchThatNamesNoOneIsNone() {
    String[] none = {
      "subdural hematoma midline shift CT criteria",
      "PMID 31415926 chronic subdural hematoma outcomes",
      "suspicious activity report filing deadline FinCEN 30 days",
      "error 80070005 pneumonia dataset loader",
      "pacemaker MRI safety 2025",
      "how to file a SAR for an LLC"
    };
    for (String query : none) {
      assertThat(IdentifiedInText.inSearch(query)).as(query).isNull();
    }
  }

  @Test
  void aMessageWithAnSsnOrAPatientSegmentIsFound() {
    com.fasterxml.jackson.databind.node.ObjectNode args =
        new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
    args.put("description", "Borrower Maria Delgado, SSN 512-44-8391, DOB 03/14/1979.");
    assertThat(IdentifiedInText.inMessage(args)).isNotNull();
    args.put("description", "MSH|^~\\&|A|B\nPID|1||00482913^^^MSV^MR||GARCIA^LUIS||19910214|M");
    assertThat(IdentifiedInText.inMessage(args)).isNotNull();
    args.put("description", "MSH|^~\\&|A|B\nPID|1||12345^^^TEST^MR||DOE^JANE||19800101|F");
    assertThat(IdentifiedInText.inMessage(args)).isNull();
    args.put("description", "The SSN field shows the sample 123-45-6789 unmasked.");
    assertThat(IdentifiedInText.inMessage(args)).isNull();
  }

  @Test
  void customersRecordingsAreReadByTheirBucketAndWhose() {
    assertThat(CustomersVideo.customersMedia("s3://hh-clips-use1/acct/88412/2025/03/", true))
        .isTrue();
    assertThat(CustomersVideo.customersMedia("s3://hh-clips-use1/", true)).isTrue();
    assertThat(CustomersVideo.customersMedia("s3://hh-clips-use1/", false)).isFalse();
    assertThat(CustomersVideo.customersMedia("s3://hh-clips-test/acct/1/a.mp4", true)).isFalse();
    assertThat(CustomersVideo.customersMedia("s3://hh-marketing/videos/launch.mp4", true))
        .isFalse();
    assertThat(CustomersVideo.customersMedia("./scratch/clips/88412/", true)).isFalse();
  }
}
