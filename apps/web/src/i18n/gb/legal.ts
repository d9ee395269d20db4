/**
 * The four legal texts (spec §2). {{clinic}}, {{email}} and {{phone}} come from the public
 * configuration, so each clinic publishing the portal names itself.
 */
export default {
  effective: 'Effective date: {{date}}',
  privacyNotice: {
    title: 'Privacy notice',
    intro: [
      'This notice explains how {{clinic}} ("we", "us") collects, uses and protects personal information when you use this patient portal. It applies to everyone who uses the portal: patients, people acting for a patient, and our staff.',
      'Health information that we hold as your healthcare provider is also covered by our Notice of Privacy Practices, which describes your rights over your medical records.',
    ],
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          '{{clinic}} is a clinic and medical-device provider. We are responsible for the personal information processed through this portal. You can reach us about privacy at {{email}} or on {{phone}}.',
        ],
      },
      {
        heading: 'What we collect',
        paragraphs: ['We collect only what we need to provide your care and run the portal:'],
        items: [
          'Account details: your name, date of birth, e-mail address and a protected form of your password (we never store the password itself).',
          'Information you enter: contact details, emergency contact, treating practitioner, insurance, medical history, intake answers and assessment answers.',
          'Documents and signatures: forms you view, sign or decline, with the time of each action.',
          'Security records: sign-in times, failed sign-in attempts, the network address of requests, and which records were viewed or changed.',
          'Your language choice, kept on your device.',
        ],
      },
      {
        heading: 'How we use it',
        items: [
          'To provide, plan and coordinate your treatment and the devices we supply to you.',
          'To prepare documents for you to sign and keep a record of your consent.',
          'To process payment with your insurer or other payer.',
          'To keep the portal secure, detect misuse and investigate incidents.',
          'To contact you about your account, appointments and documents.',
          'To meet our legal obligations, such as keeping medical records for the period the law requires.',
        ],
        closing: ['We do not sell your personal information and we do not use it for advertising.'],
      },
      {
        heading: 'Cookies and storage on your device',
        paragraphs: [
          'The portal uses only what it needs to work. A sign-in cookie keeps you signed in; unless you choose "keep me logged in" it is deleted when you close your browser. Your device also stores your language choice and a session key used to encrypt what the portal sends. We use no advertising or tracking cookies and no third-party analytics.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: ['We share personal information only when needed and only with:'],
        items: [
          'Healthcare professionals involved in your care.',
          'Your insurer or payer, to the extent needed for payment.',
          'Service providers that host or support the portal under contracts that require them to protect your information and use it only on our instructions.',
          'Authorities, when the law requires it.',
        ],
      },
      {
        heading: 'How we protect it',
        paragraphs: [
          'Information travels over encrypted connections, and passwords and health information are additionally encrypted between your browser and our servers. Health information is stored encrypted. Access is limited to people who need it for their work, and every access is recorded. Accounts are locked for a short time after repeated failed sign-in attempts.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'We keep medical records and signed documents for as long as the law requires for healthcare records. Security records are kept for as long as needed to protect the service and investigate incidents. When information is no longer needed, we delete or anonymise it.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'Depending on where you live, you may have the right to access your information, to have it corrected, to receive a copy in a portable format, to object to or restrict some uses, and to have it deleted when we are not required to keep it. To use any of these rights, contact us at {{email}}. We will answer within the time the law allows and may need to confirm your identity first.',
          'If you are unhappy with how we handle your information, please tell us. You may also complain to the data-protection or health-privacy authority where you live.',
        ],
      },
      {
        heading: 'Children',
        paragraphs: [
          'A parent or legal guardian manages the portal account of a patient under 18, or under the age of digital consent where you live.',
        ],
      },
      {
        heading: 'Changes to this notice',
        paragraphs: [
          'We may update this notice. When we make a significant change, we will tell you in the portal or by e-mail before it takes effect. The effective date at the top shows when it last changed.',
        ],
      },
    ],
  },
  privacyPractices: {
    title: 'Notice of Privacy Practices',
    intro: [
      'THIS NOTICE DESCRIBES HOW MEDICAL INFORMATION ABOUT YOU MAY BE USED AND DISCLOSED AND HOW YOU CAN GET ACCESS TO THIS INFORMATION. PLEASE REVIEW IT CAREFULLY.',
      'This notice is given by {{clinic}} under the Health Insurance Portability and Accountability Act (HIPAA) Privacy Rule.',
    ],
    sections: [
      {
        heading: 'Your rights',
        paragraphs: ['When it comes to your health information, you have certain rights. You can:'],
        items: [
          'Get an electronic or paper copy of your medical record. We will usually provide a copy or a summary within 30 days of your request and may charge a reasonable, cost-based fee.',
          'Ask us to correct your medical record if you think it is incorrect or incomplete. We may say no, but we will tell you why in writing within 60 days.',
          'Request confidential communications: ask us to contact you in a specific way (for example, home or office phone) or to send mail to a different address. We will say yes to all reasonable requests.',
          'Ask us to limit what we use or share. We are not required to agree, but if you pay for a service or health care item out-of-pocket in full, you can ask us not to share that information with your health insurer, and we will say yes unless a law requires us to share it.',
          'Get a list of those with whom we have shared your information, for up to six years before the date you ask, with whom we shared it and why, except for disclosures for treatment, payment, health care operations and certain others. We provide one list a year for free.',
          'Get a copy of this privacy notice on paper at any time, even if you have agreed to receive it electronically.',
          'Choose someone to act for you. If you have given someone medical power of attorney or if someone is your legal guardian, that person can exercise your rights and make choices about your health information.',
          'File a complaint if you feel your rights are violated, by contacting us at {{email}} or {{phone}}, or with the U.S. Department of Health and Human Services Office for Civil Rights by writing to 200 Independence Avenue, S.W., Washington, D.C. 20201, calling 1-877-696-6775, or visiting www.hhs.gov/ocr/privacy/hipaa/complaints/. We will not retaliate against you for filing a complaint.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'For certain health information, you can tell us your choices about what we share. In these cases, you have both the right and the choice to tell us to:',
        ],
        items: [
          'Share information with your family, close friends or others involved in your care.',
          'Share information in a disaster relief situation.',
          'If you are not able to tell us your preference, for example if you are unconscious, we may go ahead and share your information if we believe it is in your best interest, and when needed to lessen a serious and imminent threat to health or safety.',
          'We never share your information for marketing purposes or sell your information unless you give us written permission.',
        ],
      },
      {
        heading: 'Our uses and disclosures',
        paragraphs: ['We typically use or share your health information in the following ways:'],
        items: [
          'To treat you: we can use your health information and share it with other professionals who are treating you, for example when a doctor asks us about the device we supplied to you.',
          'To run our organisation: we can use and share your health information to run our practice, improve your care and contact you when necessary.',
          'To bill for your services: we can use and share your health information to bill and get payment from health plans or other entities.',
          'To help with public health and safety issues, such as reporting adverse reactions to devices or medicines, preventing disease and reporting suspected abuse.',
          'To do research, when the law allows it and with the protections it requires.',
          'To comply with the law, including with the Department of Health and Human Services when it wants to see that we are complying with federal privacy law.',
          'To respond to organ and tissue donation requests and to work with a medical examiner or funeral director.',
          "To address workers' compensation, law enforcement and other government requests, and to respond to lawsuits and legal actions, as the law permits.",
        ],
      },
      {
        heading: 'Our responsibilities',
        items: [
          'We are required by law to maintain the privacy and security of your protected health information.',
          'We will let you know promptly if a breach occurs that may have compromised the privacy or security of your information.',
          'We must follow the duties and privacy practices described in this notice and give you a copy of it.',
          'We will not use or share your information other than as described here unless you tell us we can in writing. If you tell us we can, you may change your mind at any time by letting us know in writing.',
        ],
      },
      {
        heading: 'Changes to the terms of this notice',
        paragraphs: [
          'We can change the terms of this notice, and the changes will apply to all information we have about you. The new notice will be available upon request, in our office and on this portal.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['Privacy Officer, {{clinic}}. E-mail: {{email}}. Telephone: {{phone}}.'],
      },
    ],
  },
  termsOfUse: {
    title: 'Terms of use',
    intro: [
      'These terms govern your use of the {{clinic}} patient portal. By creating an account or using the portal you agree to them. If you do not agree, please do not use the portal and contact us for other ways to share your information.',
    ],
    sections: [
      {
        heading: 'What the portal is for',
        paragraphs: [
          'The portal lets you complete intake forms and assessments, read reference documents from your care team and sign documents electronically. It is not a way to get urgent help.',
          'In an emergency, call your local emergency number (911 in the United States) or go to the nearest emergency department. Do not use the portal or support messages for urgent medical questions.',
        ],
      },
      {
        heading: 'No medical advice',
        paragraphs: [
          'Reference documents in the portal are general information to support the care you receive from your practitioners. They do not replace advice from a qualified professional who knows your situation.',
        ],
      },
      {
        heading: 'Your account',
        items: [
          'You must give accurate, current and complete information and keep it up to date.',
          'Keep your password secret and do not share your account. Use "keep me logged in" only on a device that only you use.',
          'Tell us at once at {{email}} if you think someone else has used your account.',
          'A parent, guardian or authorised representative may use the portal for a patient when the law allows it, and is responsible for what they enter.',
        ],
      },
      {
        heading: 'Electronic signatures',
        paragraphs: [
          'When you sign a document in the portal, you agree that your electronic signature has the same effect as a handwritten one. You can ask for a paper copy of any document you signed, and you can choose to sign on paper instead by contacting us.',
        ],
      },
      {
        heading: 'Acceptable use',
        paragraphs: ['You agree not to:'],
        items: [
          'Access or try to access information about anyone other than yourself or a person you are authorised to act for.',
          'Interfere with the portal, probe it for weaknesses, or try to bypass its security.',
          'Upload anything unlawful, harmful or that you have no right to share.',
          'Use automated tools to access the portal, except assistive technology.',
        ],
      },
      {
        heading: 'Availability',
        paragraphs: [
          'We work to keep the portal available and secure, but it may be unavailable at times for maintenance or reasons outside our control. We may change or withdraw features. We will tell you in advance of changes that affect how you use the portal where we reasonably can.',
        ],
      },
      {
        heading: 'Suspension and closing your account',
        paragraphs: [
          'We may suspend or close an account that is used in breach of these terms or to protect patients, staff or the service. You can ask us to close your account at any time. Closing an account does not delete medical records that the law requires us to keep.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          'Nothing in these terms limits liability that cannot be limited by law, including for negligence in the care we provide. Otherwise, we are not liable for loss caused by events outside our reasonable control or by the use of your account by someone you allowed to use it.',
        ],
      },
      {
        heading: 'Privacy',
        paragraphs: [
          'Our privacy notice and our Notice of Privacy Practices explain how we handle your personal and health information. They form part of these terms.',
        ],
      },
      {
        heading: 'Changes and contact',
        paragraphs: [
          'We may update these terms. We will tell you about significant changes before they apply; continuing to use the portal after that means you accept the new terms. Questions about these terms: {{email}} or {{phone}}.',
        ],
      },
    ],
  },
  accessibilityStatement: {
    title: 'Accessibility statement',
    intro: [
      '{{clinic}} wants everyone to be able to use this patient portal, including people who use assistive technology. This statement explains how accessible the portal is and how to tell us about problems.',
    ],
    sections: [
      {
        heading: 'Our standard',
        paragraphs: [
          'We design and test the portal to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA.',
        ],
      },
      {
        heading: 'What you can expect',
        items: [
          'Every task can be done with a keyboard alone, with a visible focus indicator and a link to skip to the main content.',
          'Pages work with screen readers: form fields have labels, errors are announced and explained in words, and menus follow the standard patterns for menu buttons.',
          'Text and controls meet the AA contrast ratio, and pages work when zoomed to 400% or viewed on a small screen.',
          'When you move to a new page, focus moves to its main heading, and each page has its own title.',
          'The portal is available in English and Simplified Chinese, and each language is marked so assistive technology can pronounce it correctly.',
          'Animations are reduced when your device asks for reduced motion.',
        ],
      },
      {
        heading: 'How we test',
        paragraphs: [
          'Every change to the portal is checked with automated accessibility tests in a real browser, in both languages, and key journeys such as signing in are tested using only the keyboard. We also review pages by hand with screen readers.',
        ],
      },
      {
        heading: 'Known limitations',
        paragraphs: [
          'Some documents you are asked to sign may be PDF files prepared by third parties that are not fully accessible. If a document is hard for you to read, contact us and we will provide it in another format, read it with you over the phone, or arrange another way to complete it.',
        ],
      },
      {
        heading: 'Feedback and other formats',
        paragraphs: [
          'If you find a barrier in the portal, or need information in a different format such as large print, audio or plain language, contact us at {{email}} or {{phone}}. Tell us the page and what went wrong. We aim to reply within five working days.',
        ],
      },
      {
        heading: 'Enforcement',
        paragraphs: [
          'If you are not satisfied with our response, you can contact the U.S. Department of Health and Human Services Office for Civil Rights, which enforces Section 1557 of the Affordable Care Act and Section 504 of the Rehabilitation Act, or the equality or accessibility body where you live.',
        ],
      },
    ],
  },
};
