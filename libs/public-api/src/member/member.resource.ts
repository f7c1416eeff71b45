import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** The roles of a merchant's team, in the order of what they may do. */
export const MEMBER_ROLE_VALUES = ['owner', 'developer', 'viewer'] as const;

@ApiSchema({ name: 'Member', description: "One of a merchant's people, who signs in to the dashboard." })
export class MemberResource {
  @ApiProperty({ example: 'mem_2hQ7mWc9XbL4pT1vN8kR5sZa' })
  id!: string;

  @ApiProperty({ format: 'email', example: 'owner@maple.ca' })
  email!: string;

  @ApiProperty({
    enum: MEMBER_ROLE_VALUES,
    description: '`owner`: everything, the team included; `developer`: everything but the team (keys, webhooks, logs, deliveries); `viewer`: read only.',
  })
  role!: (typeof MEMBER_ROLE_VALUES)[number];

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

@ApiSchema({ name: 'MemberList' })
export class MemberListResource {
  @ApiProperty({ type: [MemberResource] })
  data!: MemberResource[];
}

@ApiSchema({ name: 'SessionMerchant', description: 'The merchant the member belongs to.' })
export class SessionMerchantResource {
  @ApiProperty({ example: 'mer_2hQ7mWc9XbL4pT1vN8kR5sZa' })
  id!: string;

  @ApiProperty({ example: 'Maple Eats' })
  business_name!: string;
}

@ApiSchema({
  name: 'DashboardSession',
  description: 'The signed-in member. Send `csrf_token` as `X-CSRF-Token` with every POST, PATCH, PUT and DELETE made with the session cookie.',
})
export class DashboardSessionResource {
  @ApiProperty({ type: MemberResource })
  member!: MemberResource;

  @ApiProperty({ type: SessionMerchantResource })
  merchant!: SessionMerchantResource;

  @ApiProperty({ example: 'Zq3…', description: "The session's CSRF token." })
  csrf_token!: string;
}

@ApiSchema({ name: 'Invitation', description: 'An invitation mailed to join the team; the member exists once it is accepted.' })
export class InvitationResource {
  @ApiProperty({ example: 'inv_2hQ7mWc9XbL4pT1vN8kR5sZa' })
  id!: string;

  @ApiProperty({ format: 'email', example: 'dev@maple.ca' })
  email!: string;

  @ApiProperty({ enum: MEMBER_ROLE_VALUES })
  role!: (typeof MEMBER_ROLE_VALUES)[number];

  @ApiProperty({ format: 'date-time', description: 'The link works once, until then (7 days).' })
  expires_at!: string;
}

@ApiSchema({ name: 'SignInLinkRequest', description: 'Accepted: a link is on its way if the email names a member (the answer does not say).' })
export class SignInLinkRequestResource {
  @ApiProperty({ format: 'email', example: 'owner@maple.ca' })
  email!: string;
}

@ApiSchema({ name: 'SignedOut' })
export class SignedOutResource {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'How many sessions this ended.' })
  ended_sessions!: number;
}

@ApiSchema({ name: 'DeletedMember' })
export class DeletedMemberResource {
  @ApiProperty({ example: 'mem_2hQ7mWc9XbL4pT1vN8kR5sZa' })
  id!: string;

  @ApiProperty({ enum: [true] })
  deleted!: true;
}
